/**
 * One email for a payment that has just succeeded, however often the news of it comes: Stripe's event twice,
 * the bus's redelivery, the success page's check and the schedule's re-verify all bring it. The merchant's
 * 'Payment received' (docs/decisions.md #93) and the payer's unasked receipt (#172) are sent this one way.
 * The send is claimed first on the payment row (a conditional write that also checks the payment is the
 * merchant's and succeeded): only the claim's winner sends. A send that fails unsent gives the claim back and
 * throws, so the bus's retry sends it; a crash between the two leaves the claim and the email unsent (at most
 * once). A refusal (SES not set up) is not retried, every retry would be refused alike; nor is a send whose
 * answer was lost, which may have gone (#117).
 */
import type { PaymentUpdatedDetail } from '@shared/contracts/realtime';
import { EmailRefusedError, EmailUncertainError } from './emails';
import type { MerchantRecord } from './merchants';
import type { PaymentRecord } from './payments';

export type EmailOnceOutcome = 'not_new_money' | 'turned_off' | 'already_claimed' | 'sent' | 'refused' | 'perhaps_sent';

export interface EmailOnceSteps {
  merchant(): Promise<MerchantRecord | undefined>;
  /** The merchant's setting for this email (Settings → Email notifications). */
  wanted(merchant: MerchantRecord): boolean;
  /** The claim at `at`: the payment when this delivery won it, undefined when another already had. */
  claim(at: string): Promise<PaymentRecord | undefined>;
  release(paymentId: string, at: string): Promise<void>;
  send(payment: PaymentRecord, merchant: MerchantRecord): Promise<void>;
  /** Keeps the mail service's refusal where someone sees it. */
  refused(error: EmailRefusedError, payment: PaymentRecord, at: string): Promise<void> | void;
  now: Date;
}

export async function emailOncePerSuccess(
  update: PaymentUpdatedDetail,
  steps: EmailOnceSteps,
): Promise<EmailOnceOutcome> {
  // Only a status change to succeeded is new money; a refund's update carries the same status.
  if (update.status !== 'succeeded' || (update.change ?? 'status') !== 'status') return 'not_new_money';
  // One read when the merchant turned the email off, and nothing more.
  const merchant = await steps.merchant();
  if (!merchant || !steps.wanted(merchant)) return 'turned_off';
  const at = steps.now.toISOString();
  const payment = await steps.claim(at);
  if (!payment) return 'already_claimed';
  try {
    await steps.send(payment, merchant);
    return 'sent';
  } catch (error) {
    if (error instanceof EmailUncertainError) return 'perhaps_sent';
    if (error instanceof EmailRefusedError) {
      await steps.refused(error, payment, at);
      return 'refused';
    }
    await steps.release(payment.paymentId, at);
    throw error;
  }
}
