/** What the payout consumer and the catch-up schedule work with: the payout, payment and merchant stores and Stripe. */
import type { PayoutDeps } from '../domain/payouts';
import { merchantStore } from './merchant-store';
import { telemetry } from './observability';
import { paylinkGstFromEnvironment } from './paylink-gst';
import { paymentStore } from './payment-store';
import { payoutStore } from './payout-store';
import { stripeClient } from './stripe-client';

export async function payoutDeps(now: Date): Promise<PayoutDeps> {
  return {
    payouts: payoutStore,
    payments: paymentStore,
    merchants: merchantStore,
    stripe: await stripeClient(),
    telemetry,
    now,
    paylinkGst: paylinkGstFromEnvironment(),
  };
}
