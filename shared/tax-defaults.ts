/**
 * Settings → Tax before a merchant saves it. Kept apart from the contract (shared/contracts/tax.ts) and free
 * of zod, so server code that only needs the defaults — the merchant record, read by the Cognito triggers —
 * does not carry zod into its bundle.
 */

/** Docs/decisions.md #66: a tip counts as part of the taxable supply unless the merchant says otherwise. */
export const DEFAULT_TIP_TREATMENT = 'part-of-supply';

/**
 * Docs/decisions.md #176: a registered merchant's receipt of $200 or less states the GST it includes and the GST
 * number unless the merchant turns it off. A row saved before the setting existed reads as on.
 */
export const DEFAULT_SHOW_SMALL_RECEIPT_GST = true;

/** A merchant who has never saved Settings → Tax: not registered, the default tip treatment. */
export const UNSAVED_TAX_SETTINGS = {
  gstRegistered: false,
  gstNumber: null,
  legalName: null,
  address: null,
  tipTreatment: DEFAULT_TIP_TREATMENT,
  showSmallReceiptGst: DEFAULT_SHOW_SMALL_RECEIPT_GST,
} as const;
