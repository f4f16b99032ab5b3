/**
 * The Checkout this tab last opened on a link. A payer who comes back from Stripe's page with the browser's Back
 * button left it open, holding a place in their share of the link (docs/decisions.md #168) — on a link of up to
 * 7 places, their whole share. Pay Now gives it back first, as Stripe's own Back link does through the cancel
 * page, so the payer is not told "Too many checkouts are open…" for the minutes it would otherwise hold it
 * (docs/decisions.md #241). Per tab (sessionStorage): a Checkout still open in another tab is left alone.
 */
import { cancelPayment } from './payer-api';

const keyOf = (linkId: string) => `paylink:left-checkout:${linkId}`;

/** Keeps the payment whose Checkout this tab is about to open. */
export function rememberCheckout(linkId: string, paymentId: string): void {
  try {
    sessionStorage.setItem(keyOf(linkId), paymentId);
  } catch {
    // Storage refused (a private window's quota): the Checkout is then left to end by itself.
  }
}

/**
 * Gives back the Checkout this tab opened on the link before, if any: cancelled only while no money can be on
 * its way (the cancel route's own rule), and any failure ignored — the new Checkout is what the payer asked for.
 */
export async function giveBackLeftCheckout(linkId: string): Promise<void> {
  let paymentId: string | null = null;
  try {
    paymentId = sessionStorage.getItem(keyOf(linkId));
    sessionStorage.removeItem(keyOf(linkId));
  } catch {
    return;
  }
  if (paymentId) await cancelPayment(paymentId).catch(() => undefined);
}
