/**
 * The single path for every piece of news about the money after the sale — the merchant's refund, Stripe's
 * events, a re-read: merged with an optimistic version (retried on a concurrent write), counted, pushed to
 * the merchant's dashboards, and told to the payer when a refund succeeds.
 */
import { EmailRefusedError, type Email } from './emails';
import type { MerchantRecord } from './merchants';
import type { StoredRefund } from './money-records';
import type { PaymentRecord, PaymentRepository } from './payments';
import type { StripePort } from './stripe-port';
import { mergeMoneyNews, type MoneyNews } from './money-after-sale';
import { finishCountsOrLeaveThem, type CountingDeps } from './money-counts';

export interface MoneyDeps extends CountingDeps {
  payments: Pick<PaymentRepository, 'get' | 'recordEmailRefusal'>;
  stripe: StripePort;
  /** Tells the merchant's open dashboards (PAYMENT_UPDATED on the bus) what moved. */
  announce(payment: PaymentRecord, change?: 'status' | 'money'): Promise<void>;
  /** Emails the payer; failures are logged, never retried (a notice is not money). */
  sendEmail(to: string, email: Email): Promise<void>;
  /** The refund notice, with supply correction information when `merchant` is registered for GST. */
  refundNotice(
    payment: PaymentRecord,
    refund: StoredRefund,
    businessName: string | null,
    merchant?: MerchantRecord,
  ): Email;
  now: Date;
}

/**
 * Merges news into the payment (retrying on a concurrent write), lands the counts it owes, tells the
 * merchant's dashboards, and emails the payer for each refund that newly succeeded. The single path for
 * every source of news.
 */
export async function recordMoneyNews(
  payment: PaymentRecord,
  news: MoneyNews,
  deps: MoneyDeps,
): Promise<PaymentRecord> {
  let current = payment;
  let changed = false;
  let newlySucceeded: StoredRefund[] = [];
  for (let attempt = 0; ; attempt++) {
    const merged = mergeMoneyNews(current, news, deps.now);
    if (!merged.write) break;
    const saved = await deps.money.saveMoneyState(current.paymentId, current.moneyVersion, merged.write, deps.now);
    if (saved) {
      current = saved;
      changed = true;
      newlySucceeded = merged.newlySucceeded;
      break;
    }
    // Never given up in silence: past its retries the news fails, so its event is retried (and, at last,
    // kept as a dead letter) or the merchant's request answers an error — never "done" unwritten.
    if (attempt + 1 >= MERGE_RETRIES.attempts) throw new MoneyNewsConflictError(current.paymentId, attempt + 1);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * MERGE_RETRIES.baseMs * 2 ** attempt));
    const reread = await deps.payments.get(current.paymentId);
    if (!reread) return current;
    current = reread;
  }
  current = await finishCountsOrLeaveThem(current, deps);
  if (changed) {
    await deps.announce(current, 'money');
    await noticePayer(current, newlySucceeded, deps);
  }
  return current;
}

/** Writes of the same payment's money racing this one: retried after a jittered wait, then failed. */
export const MERGE_RETRIES = { attempts: 8, baseMs: 10 } as const;

export class MoneyNewsConflictError extends Error {
  constructor(paymentId: string, attempts: number) {
    super(`news about ${paymentId} could not be written: the payment changed under it ${attempts} times`);
    this.name = 'MoneyNewsConflictError';
  }
}

async function noticePayer(payment: PaymentRecord, refunds: readonly StoredRefund[], deps: MoneyDeps) {
  if (!payment.payerEmail || refunds.length === 0) return;
  const merchant = await deps.merchants.get(payment.merchantId);
  for (const refund of refunds) {
    try {
      await deps.sendEmail(
        payment.payerEmail,
        deps.refundNotice(payment, refund, merchant?.companyName ?? null, merchant),
      );
    } catch (error) {
      // Never rethrown: the refund is recorded and counted; a retry would only repeat it and end in dead letters.
      const refused = error instanceof EmailRefusedError;
      deps.telemetry.log.error(
        refused ? 'Refund notice refused by the mail service' : 'Refund notice could not be sent',
        {
          paymentId: payment.paymentId,
          refundId: refund.refundId,
          error: String(error),
        },
      );
      if (refused) await noteRefusal(payment.paymentId, error, deps);
    }
  }
}

/** Shows the merchant, on the payment, that its refund notice was refused; a failure here is only logged. */
async function noteRefusal(paymentId: string, error: EmailRefusedError, deps: MoneyDeps) {
  try {
    await deps.payments.recordEmailRefusal(paymentId, {
      kind: 'refund_notice',
      reason: error.reason,
      at: deps.now.toISOString(),
    });
  } catch (noteError) {
    deps.telemetry.log.error('Could not note the refused refund notice on the payment', {
      paymentId,
      error: String(noteError),
    });
  }
}
