/**
 * Why Cognito issued no tokens: Paylink's record says two-factor is on and Cognito's setting says off, turned
 * off outside Paylink (docs/decisions.md #250). The token trigger fails with these words; the sign-in pages show
 * them. A module of its own so that the trigger, on every sign-in's path, carries no schema (#223).
 */
export const TWO_FACTOR_OFF_OUTSIDE_PAYLINK_MESSAGE =
  'Two-factor authentication on this account was turned off outside Paylink, so this sign-in was stopped to protect you. Contact support to get back in.';
