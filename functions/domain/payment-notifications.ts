/**
 * The merchant's 'Payment received' email (docs/decisions.md #93): one per succeeded payment, sent by a
 * consumer of the payment's live update, never by the settle path itself.
 */
import { DEFAULT_TIME_ZONE } from '@shared/brand';
import type { PaymentUpdatedDetail } from '@shared/contracts/realtime';
import { emailOncePerSuccess, type EmailOnceOutcome } from './email-once-per-success';
import { paymentReceivedEmail, type EmailRefusedError, type Email } from './emails';
import { wantsPaymentEmails, type MerchantRecord, type MerchantRepository } from './merchants';
import type { PaymentRecord, PaymentRepository } from './payments';
import { answersOfPayment } from './receipts';

export type PaymentNotificationOutcome = EmailOnceOutcome;

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

/** Emails the merchant about a payment that has just succeeded, once (email-once-per-success.ts). */
export async function notifyMerchantOfPayment(
  update: PaymentUpdatedDetail,
  deps: PaymentNotificationDeps,
): Promise<PaymentNotificationOutcome> {
  return emailOncePerSuccess(update, {
    merchant: () => deps.merchants.get(update.merchantId),
    wanted: wantsPaymentEmails,
    claim: (at) => deps.payments.claimMerchantNotification(update.paymentId, update.merchantId, at),
    release: (paymentId, at) => deps.payments.releaseMerchantNotification(paymentId, at),
    send: (payment, merchant) => deps.send(merchant.email, emailOf(payment, merchant, deps.appOrigin)),
    refused: (error, payment) => deps.onRefused(error, payment.paymentId),
    now: deps.now,
  });
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
