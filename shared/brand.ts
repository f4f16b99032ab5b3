/** The product's name and the constants every screen and email repeats (docs/decisions.md #3, #4, #14). */
export const BRAND_NAME = 'Paylink';
export const SUPPORT_EMAIL = 'support@paylink.co.nz';
export const DEFAULT_CURRENCY = 'nzd';
export const DEFAULT_TIME_ZONE = 'Pacific/Auckland';
export const TRIAL_DAYS = 30;
/** NZD $29/month, in cents. */
export const BUSINESS_PLAN_PRICE_CENTS = 2900;
/** Paylink's product fee on each payment, in basis points (0.5%). */
export const PRODUCT_FEE_BASIS_POINTS = 50;
