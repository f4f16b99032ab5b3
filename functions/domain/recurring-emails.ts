/** The emails of a recurring link's renewals that go wrong (issue 45, docs/decisions.md #158). */
import { BRAND_NAME } from '@shared/brand';
import { repeatPriceWords } from '@shared/recurring';
import { endOfSentence } from '@shared/sentence-end';
import { email, EmailRefusedError, type Email } from './emails';
import { wantsPaymentEmails, type MerchantRepository } from './merchants';
import type { PaymentRepository } from './payments';
import { managePathOf } from './subscription-manage';
import type { SubscriberRecord } from './subscribers';

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
        : `${details.payerName}'s card was declined for ${endOfSentence(details.item)} Stripe will try again, and we have asked them to update their card.`,
    ],
    { action: { label: 'See your subscribers', url: details.subscribersUrl } },
    `${BRAND_NAME} sent this because you take repeating payments through ${BRAND_NAME}.`,
  );
}

/** What telling of a renewal needs: the stores, the mail service and the app's origin for the addresses. */
export interface RenewalMailDeps {
  payments: Pick<PaymentRepository, 'get'>;
  merchants: Pick<MerchantRepository, 'get'>;
  send(to: string, email: Email): Promise<void>;
  appOrigin: string;
}

/**
 * A declined renewal (#158): while Stripe retries, the payer is asked to update their card through the same
 * billing-portal address their receipts carry; the merchant is told either way, under their payment-email
 * setting. A refusal of the mail service is not retried (the Subscribers screen shows past due regardless).
 */
export async function tellOfDecline(
  subscriber: SubscriberRecord,
  { ended }: { ended: boolean },
  deps: RenewalMailDeps,
): Promise<void> {
  const merchant = await deps.merchants.get(subscriber.merchantId);
  const businessName = merchant?.companyName ?? merchant?.fullName ?? 'the business';
  const terms = repeatPriceWords(subscriber.amountCents, subscriber.currency, {
    every: subscriber.every,
    payments: subscriber.paymentsPlanned,
  });
  const first = await deps.payments.get(subscriber.firstPaymentId);
  const manage = first && managePathOf(first);
  const sends: Array<Promise<void>> = [];
  if (!ended && subscriber.payerEmail && manage) {
    sends.push(
      deps.send(
        subscriber.payerEmail,
        renewalDeclinedEmail({
          businessName,
          item: subscriber.linkTitle,
          terms,
          manageUrl: `${deps.appOrigin}${manage}`,
        }),
      ),
    );
  }
  if (merchant && wantsPaymentEmails(merchant)) {
    sends.push(
      deps.send(
        merchant.email,
        renewalTroubleEmail({
          payerName: subscriber.payerName ?? subscriber.payerEmail ?? 'A subscriber',
          item: subscriber.linkTitle,
          ended,
          subscribersUrl: `${deps.appOrigin}/dashboard/subscribers?linkId=${encodeURIComponent(subscriber.linkId)}`,
        }),
      ),
    );
  }
  for (const outcome of await Promise.allSettled(sends)) {
    if (outcome.status === 'rejected' && !(outcome.reason instanceof EmailRefusedError)) throw outcome.reason;
  }
}
