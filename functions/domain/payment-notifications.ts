/**
 * The merchant's 'Payment received' email (docs/decisions.md #93): one per succeeded payment, sent by a
 * consumer of the payment's live update, never by the settle path itself.
 */
import { DEFAULT_TIME_ZONE } from '@shared/brand';
import type { PaymentUpdatedDetail } from '@shared/contracts/realtime';
import { EmailRefusedError, EmailUncertainError, paymentReceivedEmail, type Email } from './emails';
import { wantsPaymentEmails, type MerchantRecord, type MerchantRepository } from './merchants';
import type { PaymentRecord, PaymentRepository } from './payments';
import { answersOfPayment } from './receipts';

export type PaymentNotificationOutcome =
  'not_new_money' | 'turned_off' | 'already_claimed' | 'sent' | 'refused' | 'perhaps_sent';

export interface PaymentNotificationDeps {
  merchants: MerchantRepository;
  payments: PaymentRepository;
  send(to: string, email: Email): Promise<void>;
  /** The app's origin, for the payment's address in Transactions. */
  appOrigin: string;
  now: Date;
  /** Notes a refusal of the mail service (not retried: the log names SES's reason). */
  onRefused(error: EmailRefusedError, paymentId: string): void;
}

/**
 * Emails the merchant about a payment that has just succeeded. The update is published again after a crash
 * and the bus redelivers, so the send is claimed first on the payment row (`merchantNotifiedAt`, a
 * conditional write that also checks the payment is this merchant's and succeeded): only the claim's winner
 * sends. If the send fails after the claim, the claim is given back and the error thrown, so the bus's retry
 * sends it; a crash between the two leaves the claim and the email unsent (at most once: the push and
 * Transactions still show the payment). A refusal (SES not set up) is not retried: every retry would be
 * refused alike; nor is a send whose answer was lost, which may have gone (docs/decisions.md #117).
 */
export async function notifyMerchantOfPayment(
  update: PaymentUpdatedDetail,
  deps: PaymentNotificationDeps,
): Promise<PaymentNotificationOutcome> {
  // Only a status change to succeeded is new money; a refund's update carries the same status.
  if (update.status !== 'succeeded' || (update.change ?? 'status') !== 'status') return 'not_new_money';
  // One read when the merchant turned the email off, and nothing more.
  const merchant = await deps.merchants.get(update.merchantId);
  if (!merchant || !wantsPaymentEmails(merchant)) return 'turned_off';
  const at = deps.now.toISOString();
  const payment = await deps.payments.claimMerchantNotification(update.paymentId, merchant.merchantId, at);
  if (!payment) return 'already_claimed';
  try {
    await deps.send(merchant.email, emailOf(payment, merchant, deps.appOrigin));
    return 'sent';
  } catch (error) {
    if (error instanceof EmailRefusedError) {
      deps.onRefused(error, payment.paymentId);
      return 'refused';
    }
    if (error instanceof EmailUncertainError) return 'perhaps_sent';
    await deps.payments.releaseMerchantNotification(payment.paymentId, at);
    throw error;
  }
}

function emailOf(payment: PaymentRecord, merchant: MerchantRecord, appOrigin: string): Email {
  return paymentReceivedEmail({
    item: payment.linkTitle,
    currency: payment.currency,
    baseCents: payment.baseCents,
    tipCents: payment.tipCents,
    totalCents: payment.totalCents,
    paidAt: payment.settledAt ?? payment.createdAt,
    timeZone: merchant.timeZone ?? DEFAULT_TIME_ZONE,
    transactionId: payment.paymentId,
    reference: payment.reference ?? null,
    payerName: payment.payerName ?? null,
    payerEmail: payment.payerEmail ?? null,
    answers: answersOfPayment(payment),
    // Transactions opened on this one payment (its id is the list's transaction filter).
    transactionsUrl: `${appOrigin}/dashboard/transactions?transactionId=${encodeURIComponent(payment.paymentId)}`,
  });
}
