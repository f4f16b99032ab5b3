/** What other features use of payment links: the merchant's list, as the print materials pick from it. */
export { usePaymentLinks } from './api/payment-links-api';
