/** How a link reads on this screen: its amount in the merchant's currency, and its public address. */
import { paymentLinkUrl } from '@shared/payment-messages';
import { type PaymentLink } from '@shared/contracts/payment-links';
import { REPEAT_LABELS } from '@shared/recurring';
import { formatMoney } from '@web/lib/format-money';
import { tipPresetsOf } from '@shared/tips';
import { paymentLinksStrings } from './payment-links-strings';

/** The fixed amount ('$5.50', en-NZ), or 'Open amount' when the payer types it. */
export function linkAmountText(link: Pick<PaymentLink, 'amountCents' | 'currency'>): string {
  return link.amountCents === null ? paymentLinksStrings.link.openAmount : formatMoney(link.amountCents, link.currency);
}

/**
 * The tip percentages a link offers as one figure ('15', '10 / 15 / 20'), or null when it offers none: its
 * presets, or a link made before them its one percentage (0 offers none, as on the payment page).
 */
export function linkTipPercents(link: Pick<PaymentLink, 'tipPercent' | 'tipPresets'>): string | null {
  const presets = tipPresetsOf(link);
  return presets.length > 0 ? presets.join(' / ') : null;
}

/**
 * What a recurring link repeats, as its badge says: "Every week · until cancelled" or "10 weekly payments"
 * (docs/decisions.md #154, #191); null for a one-off link.
 */
export function linkRepeatText(link: Pick<PaymentLink, 'repeat'>): string | null {
  const { repeat } = link;
  if (!repeat) return null;
  const words = paymentLinksStrings.link;
  return repeat.payments === null
    ? words.repeatsUntilCancelled(repeat.every)
    : words.repeatsFor(repeat.payments, REPEAT_LABELS[repeat.every].toLowerCase());
}

/** The address a payer opens: this app's origin + /p/{id}. */
export function publicLinkUrl(linkId: string): string {
  return paymentLinkUrl(window.location.origin, linkId);
}

type LinkBadge = { label: string; variant: 'success' | 'neutral' | 'warning' };

/**
 * The badges a link wears: an expired link never reads as Active, as it takes no payment however it is
 * switched (docs/decisions.md #53) and the dashboard's active count leaves it out; a switched-off one says so
 * too, since a later expiry alone would not revive it.
 */
export function linkBadges(link: Pick<PaymentLink, 'isActive' | 'expired'>): LinkBadge[] {
  const { active, inactive, expired } = paymentLinksStrings.link;
  if (!link.isActive) {
    const off: LinkBadge = { label: inactive, variant: 'neutral' };
    return link.expired ? [off, { label: expired, variant: 'warning' }] : [off];
  }
  return [link.expired ? { label: expired, variant: 'warning' } : { label: active, variant: 'success' }];
}
