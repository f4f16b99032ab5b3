/**
 * The words of the money path that both the server and the payer's page say. Kept free of zod (and of
 * any import) so the payer's page can use them without loading a schema library.
 */

export const AMOUNT_TOO_SMALL_MESSAGE = 'The amount must be at least NZ$0.50.';
export const AMOUNT_TOO_LARGE_MESSAGE = 'The amount can be at most NZ$100,000.00.';

/** What the public payment page says for an unknown or inactive link. */
export const LINK_NOT_FOUND_TITLE = 'Payment Link Not Found';
export const LINK_NOT_FOUND_MESSAGE = 'This payment link does not exist or is no longer active.';
/** What the payer can do about it: only the business can give them a working link (docs/decisions.md #67). */
export const LINK_NOT_FOUND_NEXT_STEP =
  'Please ask the business that gave you this link for a new one. If you typed the address, check it against the one you were given.';
/** The payment page of a merchant who cannot take payments right now: no checkout (docs/decisions.md #11). */
export const LINK_NOT_ACCEPTING_MESSAGE = 'This payment link is not accepting payments right now.';
/** A link whose every place is sold (docs/decisions.md #58). */
export const LINK_SOLD_OUT_MESSAGE = 'Sold out: this link has taken all the payments it accepts.';
/**
 * A link whose every place not sold is held by a payer on Checkout: a place comes back when its payer does not
 * finish (an unused Checkout ends within 15 minutes; docs/decisions.md #168, #242).
 */
export const LINK_ALL_HELD_MESSAGE =
  'Every place is taken by someone paying right now. If one of them does not finish, the place comes back: try again in a few minutes.';
/** The held-full card's one way on: the link opened afresh. */
export const LINK_ALL_HELD_TRY_AGAIN = 'Try again';
/** A link past its expiry, when the merchant wrote no message of their own (docs/decisions.md #53). */
export const LINK_EXPIRED_TITLE = 'Payment Link Expired';
export const LINK_EXPIRED_DEFAULT_MESSAGE =
  'This payment link has expired and no longer accepts payments. Please contact the business for a new link.';

/** The receipt dialog's field errors: an email is required and must be valid. */
export const RECEIPT_EMAIL_REQUIRED_MESSAGE = 'Please enter an email address';
export const RECEIPT_EMAIL_INVALID_MESSAGE = 'Please enter a valid email address';

/** The public URL of a link: origin + /p/{id}. */
export function paymentLinkUrl(origin: string, linkId: string): string {
  return `${origin}/p/${linkId}`;
}
