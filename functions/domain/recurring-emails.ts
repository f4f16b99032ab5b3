/** The emails of a recurring link's renewals that go wrong (issue 45, docs/decisions.md #158). */
import { BRAND_NAME } from '@shared/brand';
import { email, type Email } from './emails';

/**
 * The payer's 'Update your card' email after a renewal was declined (docs/decisions.md #158): Paylink sends it,
 * with the same billing-portal address the receipts carry; Stripe retries the payment meanwhile.
 */
export function renewalDeclinedEmail(details: {
  businessName: string;
  item: string;
  terms: string;
  manageUrl: string;
}): Email {
  return email(
    `Your payment to ${details.businessName} was declined`,
    'Please update your card',
    [
      `Your card was declined for ${details.item} (${details.terms}).`,
      'Your card will be tried again over the next few days. If it keeps being declined, the payments stop.',
    ],
    { action: { label: 'Update your card or cancel', url: details.manageUrl } },
    `${BRAND_NAME} sent this for ${details.businessName} because a repeating payment you set up was declined.`,
  );
}

/** The merchant's email when a subscriber's renewal is declined or their subscription ends because of it (#158). */
export function renewalTroubleEmail(details: {
  payerName: string;
  item: string;
  ended: boolean;
  subscribersUrl: string;
}): Email {
  const heading = details.ended ? 'A subscription ended: the card was declined' : 'A renewal was declined';
  return email(
    `${heading}: ${details.item}`,
    heading,
    [
      details.ended
        ? `${details.payerName}'s card was declined on the last retry for ${details.item}, so the subscription has ended.`
        : `${details.payerName}'s card was declined for ${details.item}. Stripe will try again, and we have asked them to update their card.`,
    ],
    { action: { label: 'See your subscribers', url: details.subscribersUrl } },
    `${BRAND_NAME} sent this because you take repeating payments through ${BRAND_NAME}.`,
  );
}
