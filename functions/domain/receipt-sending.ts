/**
 * A payment's receipt by email: sent unasked once the payment succeeds (docs/decisions.md #172), again at the
 * payer's ask on the success page and at the merchant's resend in Transactions; always in the business's
 * voice (#173).
 */
import { MAX_RECEIPTS_PER_PAYMENT } from '@shared/contracts/checkout';
import { PAYMENT_ID_PATTERN } from '@shared/contracts/payment-id-and-status';
import type { PaymentUpdatedDetail } from '@shared/contracts/realtime';
import { contactOf, senderOf } from './business-voice';
import { emailOncePerSuccess, type EmailOnceOutcome } from './email-once-per-success';
import { EmailRefusedError, paymentReceiptEmail, type Email } from './emails';
import { HttpError } from './http-error';
import { maskedEmail, sameEmail } from './payer-privacy';
import { wantsPayerReceipts, type MerchantRepository } from './merchants';
import type { PaymentRecord, PaymentRepository } from './payments';
import { fullReceiptPath, receiptInstant, receiptTimeZone, receiptView } from './receipts';
import { managePathOf } from './subscription-manage';

const paymentNotFound = () => new HttpError(404, 'payment_not_found', 'We could not find this payment.');

/**
 * The success page's 'Email Receipt'. Whoever holds the session id may ask, so the receipt goes only to the
 * address the payer gave Stripe at checkout; an address in the request must be that one. Every ask counts
 * against the payment's few receipts, refused ones too, so the answer cannot be used to test guesses
 * (docs/decisions.md #69).
 */
export async function sendPaymentReceipt(
  sessionId: string,
  requested: string | undefined,
  deps: {
    payments: PaymentRepository;
    merchants: MerchantRepository;
    send(to: string, email: Email): Promise<void>;
    /** The app's origin, for the receipt page's address in the email. */
    appOrigin: string;
    now?: () => Date;
  },
): Promise<{ sent: true; email: string; paymentId: string }> {
  const payment = await deps.payments.findByCheckoutSession(sessionId);
  if (!payment) throw paymentNotFound();
  return sendReceiptOf(payment, requested, deps);
}

/**
 * The merchant's 'Resend receipt' in Transactions: the same receipt, only to the address the payer gave
 * at checkout, counted in the same few receipts per payment as the payer's own asks (docs/decisions.md #69,
 * #89). Another merchant's payment is not found.
 */
export async function resendReceiptForMerchant(
  merchantId: string,
  paymentId: string,
  deps: Parameters<typeof sendPaymentReceipt>[2],
): Promise<{ sent: true; email: string; paymentId: string }> {
  // A path that cannot be a payment id is simply not found, as the detail answers it: never a 500.
  if (!PAYMENT_ID_PATTERN.test(paymentId)) throw paymentNotFound();
  const payment = await deps.payments.get(paymentId);
  if (!payment || payment.merchantId !== merchantId) throw paymentNotFound();
  return sendReceiptOf(payment, undefined, deps, 'merchant');
}

/**
 * Who asked for the receipt: the payer (success page, `requested` their address) or the merchant
 * (Transactions). A refusal is worded for the one who reads it, with what they can do instead.
 */
type ReceiptAsker = 'payer' | 'merchant';

async function sendReceiptOf(
  payment: PaymentRecord,
  requested: string | undefined,
  deps: Parameters<typeof sendPaymentReceipt>[2],
  askedBy: ReceiptAsker = 'payer',
): Promise<{ sent: true; email: string; paymentId: string }> {
  if (payment.status !== 'succeeded') {
    throw new HttpError(
      409,
      'payment_not_complete',
      'This payment is not complete, so there is no receipt to send yet.',
    );
  }
  const recipient = payment.payerEmail?.trim();
  if (!recipient) {
    throw new HttpError(
      409,
      'no_payer_email',
      'No email address was given at checkout, so there is nowhere to send a receipt.',
    );
  }
  if (!(await deps.payments.countReceipt(payment.paymentId, MAX_RECEIPTS_PER_PAYMENT))) {
    throw new HttpError(
      429,
      'too_many_receipts',
      askedBy === 'merchant'
        ? RECEIPT_LIMIT_MERCHANT_MESSAGE
        : `This receipt has already been sent ${MAX_RECEIPTS_PER_PAYMENT} times. Please check your inbox and spam folder.`,
    );
  }
  if (requested !== undefined && !sameEmail(requested, recipient)) {
    throw new HttpError(403, 'receipt_email_mismatch', RECEIPT_OTHER_ADDRESS_MESSAGE);
  }
  const merchant = await deps.merchants.get(payment.merchantId);
  try {
    await deps.send(recipient, receiptOf(payment, merchant, deps.appOrigin));
  } catch (error) {
    if (!(error instanceof EmailRefusedError)) throw error;
    // Refused until an operator sets up email: said plainly to the payer (trying again will not help) and
    // kept on the payment, where the merchant sees that the receipt did not go and why.
    await deps.payments.recordEmailRefusal(payment.paymentId, {
      kind: 'receipt',
      reason: error.reason,
      at: (deps.now?.() ?? new Date()).toISOString(),
    });
    throw new HttpError(
      503,
      'email_unavailable',
      askedBy === 'merchant' ? RECEIPT_REFUSED_MERCHANT_MESSAGE : RECEIPT_REFUSED_MESSAGE,
    );
  }
  return { sent: true, email: maskedEmail(recipient)!, paymentId: payment.paymentId };
}

/** The merchant's words when the payment's receipts are used up: the receipt page still serves the customer. */
export const RECEIPT_LIMIT_MERCHANT_MESSAGE = `This receipt has already been emailed ${MAX_RECEIPTS_PER_PAYMENT} times, the most Paylink sends for one payment. Ask your customer to check their spam folder, or share the receipt page from this payment's details.`;

/** The merchant's words when the mail service refuses: the receipt page is the customer's record meanwhile. */
export const RECEIPT_REFUSED_MERCHANT_MESSAGE =
  "Receipts can't be emailed until email sending is set up for Paylink, so this one was not sent. Share the receipt page from this payment's details instead.";

/** The payer's words when the request names another address than the one given at checkout. */
export const RECEIPT_OTHER_ADDRESS_MESSAGE =
  'Receipts go only to the email address you paid with. Check that inbox, or ask the business for a receipt.';

/** The payer's words when the mail service refuses a receipt: not their fault, and not fixed by retrying. */
export const RECEIPT_REFUSED_MESSAGE =
  "Receipts can't be emailed yet, so this one was not sent. Your payment is complete: keep this page or a screenshot as your record. The business can see that your receipt was not sent.";

export type PayerReceiptOutcome = EmailOnceOutcome;

export interface PayerReceiptDeps {
  payments: Pick<PaymentRepository, 'claimPayerReceipt' | 'releasePayerReceipt' | 'recordEmailRefusal'>;
  merchants: Pick<MerchantRepository, 'get'>;
  send(to: string, email: Email): Promise<void>;
  appOrigin: string;
  now: Date;
}

/**
 * The receipt the payer gets without asking (docs/decisions.md #172): on the payment's news that it succeeded,
 * to the address given at Checkout, once, unless the merchant turned it off in Settings → Email notifications. Stripe's event twice, the bus's redelivery, the success page's check
 * and the schedule's re-verify all bring the same news, so the send is claimed first on the payment row
 * (`payerReceiptSentAt`, a conditional write that also checks the payment is the merchant's, succeeded and has
 * an address): only the claim's winner sends. It is not one of the payer's few asks (MAX_RECEIPTS_PER_PAYMENT).
 * A send that fails unsent gives the claim back and throws, so the bus's retry sends it; a refusal (SES not set
 * up) is kept on the payment as the ask's is; a send whose answer was lost may have gone and is not repeated.
 */
export async function sendReceiptOnSuccess(
  update: PaymentUpdatedDetail,
  deps: PayerReceiptDeps,
): Promise<PayerReceiptOutcome> {
  return emailOncePerSuccess(update, {
    merchant: () => deps.merchants.get(update.merchantId),
    wanted: wantsPayerReceipts,
    // Claimed only where the payer gave an address: a payment without one reads as already claimed.
    claim: async (at) => {
      const payment = await deps.payments.claimPayerReceipt(update.paymentId, update.merchantId, at);
      return payment?.payerEmail ? payment : undefined;
    },
    release: (paymentId, at) => deps.payments.releasePayerReceipt(paymentId, at),
    send: (payment, merchant) => deps.send(payment.payerEmail!.trim(), receiptOf(payment, merchant, deps.appOrigin)),
    refused: (error, payment, at) =>
      deps.payments.recordEmailRefusal(payment.paymentId, { kind: 'receipt', reason: error.reason, at }),
    now: deps.now,
  });
}

/**
 * The payer's receipt email of a payment: the success page's, the merchant's resend and each renewal's
 * (recurring-events.ts) alike, so every period's receipt follows the same GST tiers (docs/decisions.md #156).
 */
export function receiptOf(
  payment: PaymentRecord,
  merchant: Awaited<ReturnType<MerchantRepository['get']>>,
  appOrigin: string,
): Email {
  const supply = receiptView(payment, merchant);
  const page = fullReceiptPath(payment);
  const sender = senderOf(merchant);
  const email = paymentReceiptEmail({
    businessName: merchant?.companyName ?? merchant?.fullName ?? 'Paylink merchant',
    item: payment.linkTitle,
    currency: payment.currency,
    baseCents: payment.baseCents,
    tipCents: payment.tipCents,
    totalCents: payment.totalCents,
    // When the card was charged, as the receipt's page dates it (docs/decisions.md #122): a renewal Paylink
    // learns of after midnight is still the day it was charged.
    paidAt: receiptInstant(payment),
    // The receipt's own zone, as its page dates it (docs/decisions.md #104).
    timeZone: receiptTimeZone(payment, merchant),
    // The payment's one reference, as Transactions shows it (docs/decisions.md #29).
    transactionId: payment.paymentId,
    reference: payment.reference ?? null,
    answers: supply.answers,
    card: payment.cardBrand && payment.cardLast4 ? `${capitalise(payment.cardBrand)} •••• ${payment.cardLast4}` : null,
    stripeReceiptUrl: payment.receiptUrl ?? null,
    supply,
    receiptPageUrl: page && `${appOrigin}${page}`,
    contact: contactOf(merchant),
    recurring: recurringPartOf(payment, appOrigin),
  });
  return sender ? { ...email, sender } : email;
}

/** A recurring payment's terms and manage address (#157); none for a one-off payment or one without its receipt token. */
function recurringPartOf(payment: PaymentRecord, appOrigin: string) {
  const manage = managePathOf(payment);
  return payment.recurringTerms && manage
    ? { terms: payment.recurringTerms, manageUrl: `${appOrigin}${manage}` }
    : null;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
