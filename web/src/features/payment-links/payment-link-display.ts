/** How a link reads on this screen: its amount in the merchant's currency, and its public address. */
import { paymentLinkUrl } from '@shared/payment-messages';
import { type PaymentLink } from '@shared/contracts/payment-links';
import { formatMoney } from '@web/lib/format-money';
import { paymentLinksStrings } from './payment-links-strings';

/** The fixed amount ('$5.50', en-NZ), or 'Open amount' when the payer types it. */
export function linkAmountText(link: Pick<PaymentLink, 'amountCents' | 'currency'>): string {
  return link.amountCents === null ? paymentLinksStrings.link.openAmount : formatMoney(link.amountCents, link.currency);
}

/** The tip percentage a link offers, or null when it offers none (0 offers none, as on the payment page). */
export function linkTipPercent(link: Pick<PaymentLink, 'tipPercent'>): number | null {
  return link.tipPercent ? link.tipPercent : null;
}

/** The address a payer opens: this app's origin + /p/{id}. */
export function publicLinkUrl(linkId: string): string {
  return paymentLinkUrl(window.location.origin, linkId);
}
