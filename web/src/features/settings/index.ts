/** What other features may use of Settings: the merchant's tax settings, read (the GST choice on a link). */
export { useTaxSettings } from './api/tax-settings';
