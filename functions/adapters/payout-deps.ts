/** What the payout consumer and the catch-up schedule work with: the payout, payment and merchant stores and Stripe. */
import type { PayoutDeps } from '../domain/payouts';
import { merchantStore } from './merchant-store';
import { telemetry } from './observability';
import { paylinkGstFromEnvironment } from './paylink-gst';
import { payoutPayments } from './payout-payments';
import { payoutStore } from './payout-store';
import { stripeClient } from './stripe-client';

/** `remainingMs`: the invocation's time left (the Lambda context's), so recording stops before it is killed. */
export async function payoutDeps(now: Date, remainingMs: () => number = () => Infinity): Promise<PayoutDeps> {
  return {
    payouts: payoutStore,
    payments: payoutPayments,
    merchants: merchantStore,
    stripe: await stripeClient(),
    telemetry,
    now,
    paylinkGst: paylinkGstFromEnvironment(),
    remainingMs,
  };
}
