/**
 * A busy platform minute: `pending` payers open Checkout at once, `paid` of them pay (spread through the
 * list), and every one of those payments' completed webhooks is lost. What the re-verify schedule must
 * recover — shared by tests/integration/reverify-at-scale.test.ts and the bench.
 */
import type Stripe from 'stripe';
import { merchantStore } from '@functions/adapters/merchant-store';
import { paymentStore } from '@functions/adapters/payment-store';
import { inBatches } from '@functions/domain/in-batches';
import type { TestRuntime } from '../integration/harness';
import { pendingPayment } from './payments-seed';
import { payOnHostedCheckout } from './stripe-sandbox';

export interface LostWebhooks {
  /** Every payment opened, in order. */
  sessions: { paymentId: string; url: string }[];
  /** The ones paid whose webhooks were lost. */
  paid: { paymentId: string; url: string }[];
}

export async function seedPaidWithLostWebhooks(
  env: TestRuntime,
  counts: { pending: number; paid: number },
): Promise<LostWebhooks> {
  const merchant = await env.createMerchant();
  await env.connectStripe(merchant);
  const accountId = (await merchantStore.get(merchant.sub))?.stripeAccountId;
  if (!accountId) throw new Error('the merchant has no connected account');

  // The payers open Checkout within the same minute; none of their webhooks has come yet.
  const createdAt = new Date(Date.now() - 60_000);
  const sessions: LostWebhooks['sessions'] = [];
  await inBatches(
    Array.from({ length: counts.pending }, (_, index) => index),
    40,
    async (index) => {
      const payment = pendingPayment(merchant.sub, {
        createdAt: new Date(createdAt.getTime() + index),
        stripeAccountId: accountId,
      });
      const session = await env.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            { quantity: 1, price_data: { currency: 'nzd', unit_amount: 1000, product_data: { name: 'Flat white' } } },
          ],
          metadata: { paymentId: payment.paymentId, merchantId: merchant.sub },
          client_reference_id: payment.paymentId,
          success_url: 'http://127.0.0.1/payment-success?session_id={CHECKOUT_SESSION_ID}',
          cancel_url: 'http://127.0.0.1/payment-canceled',
        },
        { stripeAccount: accountId },
      );
      await paymentStore.create({ ...payment, checkoutSessionId: session.id });
      sessions.push({ paymentId: payment.paymentId, url: session.url! });
    },
  );

  const every = Math.floor(counts.pending / counts.paid);
  const paid = sessions.filter((_, index) => index % every === 7 % every).slice(0, counts.paid);
  const drop = await fetch(
    `${env.runtime.stripe.url}/_emu/webhooks/drop?count=${paid.length}&types=checkout.session.completed`,
    { method: 'POST' },
  );
  if (drop.status !== 200) throw new Error(`the sandbox refused to drop webhooks (${drop.status})`);
  await inBatches(paid, 10, async ({ url }) => {
    const response = await payOnHostedCheckout(url);
    if (response.status !== 303) throw new Error(`a payer's Checkout answered ${response.status}`);
  });
  await env.settle();
  return { sessions, paid };
}

/** The runtime's Stripe client, counting the Checkout session look-ups the schedule makes. */
export function countingSessionRetrieves(stripe: Stripe) {
  const counter = { calls: 0 };
  const sessions = new Proxy(stripe.checkout.sessions, {
    get: (target, property, receiver) =>
      property === 'retrieve'
        ? (...args: Parameters<typeof target.retrieve>) => {
            counter.calls += 1;
            return target.retrieve(...args);
          }
        : Reflect.get(target, property, receiver),
  });
  const checkout = new Proxy(stripe.checkout, {
    get: (target, property, receiver) => (property === 'sessions' ? sessions : Reflect.get(target, property, receiver)),
  });
  const counted = new Proxy(stripe, {
    get: (target, property, receiver) => (property === 'checkout' ? checkout : Reflect.get(target, property, receiver)),
  });
  return { stripe: counted, counter };
}
