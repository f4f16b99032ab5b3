import { contactOf, senderOf } from '../domain/business-voice';
import { refundNoticeEmail } from '../domain/emails';
import { fullReceiptPath, supplyCorrection } from '../domain/receipts';
import type { PaymentRecord } from '../domain/payments';
import { ENV } from '../environment';
import type { MoneyDeps } from '../domain/money-news';
import { sendEmail } from './mailer';
import { settlementDeps } from './settlement-deps';

function receiptUrlOf(payment: PaymentRecord): string | null {
  const path = fullReceiptPath(payment);
  return path && `${process.env[ENV.appOrigin] ?? ''}${path}`;
}

/** The real stores, Stripe, the bus and SES, for everything that records refunds and disputes. */
export async function moneyDeps(now = new Date()): Promise<MoneyDeps> {
  const settlement = await settlementDeps(now);
  return {
    ...settlement,
    sendEmail,
    // In the business's voice, as its receipt is (docs/decisions.md #173).
    refundNotice: (payment, refund, businessName, merchant) => ({
      ...refundNoticeEmail({
        businessName: businessName ?? 'The business',
        item: payment.linkTitle,
        currency: payment.currency,
        refundCents: refund.amountCents,
        totalCents: payment.totalCents,
        transactionId: payment.paymentId,
        stripeReceiptUrl: payment.receiptUrl ?? null,
        correction: supplyCorrection(payment, refund, merchant),
        receiptPageUrl: receiptUrlOf(payment),
        contact: contactOf(merchant),
      }),
      ...(senderOf(merchant) && { sender: senderOf(merchant) }),
    }),
  };
}
