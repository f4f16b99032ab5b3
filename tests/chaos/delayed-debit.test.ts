/**
 * Reliability suite: the delayed-method path (docs/decisions.md #130, #131). Payers pay by
 * New Zealand bank debit; while the money is with the bank, everyone opens the cancel page, Stripe's events
 * come twice or not at all, and Stripe itself fails a re-verify run. Days later the bank answers — some debits
 * succeed, some fail. However that goes: every succeeded debit is sold and counted on its link once, every
 * failed one frees its place, none ends canceled, and nothing stays pending once Stripe has said.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentLinkStore } from '@functions/adapters/payment-link-store';
import { reverifyPendingPayments } from '@functions/domain/reverification';
import { cancelResultSchema } from '@shared/contracts/checkout';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from '../integration/harness';
import { reverifyTimeLeft } from '../support/lambda-time';
import { settlementDeps } from '../support/payments-seed';
import { paymentRow } from '../support/stored-rows';
import { payByBankDebitOnHostedCheckout } from '../support/stripe-sandbox';
import {
  clearStripeFaults,
  injectStripeFault,
  sendJson,
  startCheckout,
  type StartedPayment,
} from './support/chaos-kit';

const DAY_MS = 86_400_000;
const PAYERS = 8;
const PRICE_CENTS = 85_00;

let env: TestRuntime;
let merchant: TestMerchant;

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

/** A link with exactly as many places as payers: a place freed or sold twice shows at once. */
async function limitedLink(places: number) {
  const response = await sendJson(
    env,
    '/api/me/links',
    'POST',
    { title: 'Waka ama session', isOpenAmount: false, amountCents: PRICE_CENTS, tipPercent: 0, maxPayments: places },
    { token: merchant.accessToken },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { linkId: string }).linkId;
}

async function paymentIntentOf(payment: StartedPayment) {
  const { stripeAccountId } = await paymentRow(env, payment.paymentId);
  const session = await env.stripe.checkout.sessions.retrieve(
    payment.sessionId,
    {},
    { stripeAccount: stripeAccountId },
  );
  return session.payment_intent as string;
}

const bankAnswers = (paymentIntentId: string, outcome: 'succeeded' | 'failed') =>
  env.sandboxControl(`/_emu/payment_intents/${paymentIntentId}/debit`, { outcome });

const loseNext = (types: string[], count: number) =>
  env.sandboxControl('/_emu/webhooks/drop', { count: String(count), types: types.join(',') });

/** Stripe sends an event again (it may): the last one of `type` about this session, under a new id. */
async function redeliver(type: string, sessionId: string) {
  const event = env.runtime.stripe
    .events()
    .filter((candidate) => candidate.type === type && (candidate.data.object as { id: string }).id === sessionId)
    .at(-1);
  if (!event) return;
  const response = await env.deliverSignedWebhook(
    '/api/webhooks/stripe-connect',
    JSON.stringify({ ...event, id: `${event.id}_again` }),
    'stripe-connect-webhook-secret',
  );
  expect(response.status).toBe(200);
}

async function cancelPage(paymentId: string) {
  const response = await sendJson(env, `/api/payments/${paymentId}/cancel`, 'POST', {});
  expect(response.status).toBe(200);
  return cancelResultSchema.parse(await response.json()).status;
}

describe('pay by bank debit → processing → settled days later', () => {
  it('succeeds or fails days later through lost, doubled and failing deliveries, each ending as Stripe says', async () => {
    const linkId = await limitedLink(PAYERS);
    const payments: StartedPayment[] = [];
    for (let index = 0; index < PAYERS; index++) payments.push(await startCheckout(env, linkId));

    // Half the payers' completions are lost on the way: their payments stay open here until someone asks.
    await loseNext(['checkout.session.completed'], PAYERS / 2);
    for (const payment of payments) expect((await payByBankDebitOnHostedCheckout(payment.url)).status).toBe(303);
    await env.settle();

    // Everyone opens the cancel page while the money is with the bank: nothing is canceled.
    for (const payment of payments) expect(await cancelPage(payment.paymentId)).toBe('pending');
    await env.settle();
    for (const payment of payments) expect((await paymentRow(env, payment.paymentId)).status).toBe('pending');
    expect(await paymentLinkStore.get(linkId)).toMatchObject({ placesTaken: PAYERS, soldCount: 0 });
    expect((await sendJson(env, '/api/checkout', 'POST', { linkId, tip: 'none' })).status).toBe(409);

    // Days later the bank answers: even payers' debits succeed, odd ones fail. Every answer about the first
    // half is lost (the schedule must find it); the second half's arrive twice.
    const outcomeOf = (index: number) => (index % 2 === 0 ? 'succeeded' : 'failed');
    const lost = payments.slice(0, PAYERS / 2);
    // A success sends one of these events, a failure two: all of them, for the first half's answers.
    await loseNext(
      [
        'checkout.session.async_payment_succeeded',
        'checkout.session.async_payment_failed',
        'payment_intent.payment_failed',
      ],
      lost.reduce((sum, _payment, index) => sum + (outcomeOf(index) === 'succeeded' ? 1 : 2), 0),
    );
    for (const [index, payment] of payments.entries())
      await bankAnswers(await paymentIntentOf(payment), outcomeOf(index));
    await env.settle();
    for (const payment of payments.slice(PAYERS / 2)) {
      await redeliver('checkout.session.async_payment_succeeded', payment.sessionId);
      await redeliver('checkout.session.async_payment_failed', payment.sessionId);
    }
    await env.settle();
    for (const payment of lost) expect((await paymentRow(env, payment.paymentId)).status).toBe('pending');

    // The schedule, three days on, meets a Stripe outage on its payment-intent reads: what it could not
    // read stays pending and is asked again by the next run.
    await injectStripeFault(env, {
      method: 'GET',
      path: '/v1/payment_intents/:id',
      kind: '5xx',
      status: 503,
      count: 3,
    });
    await reverifyPendingPayments(settlementDeps(env, new Date(Date.now() + 3 * DAY_MS)), reverifyTimeLeft());
    expect(await clearStripeFaults(env)).toBe(3);
    const stillPending = async () =>
      (await Promise.all(lost.map((payment) => paymentRow(env, payment.paymentId)))).filter(
        (row) => row.status === 'pending',
      ).length;
    expect(await stillPending()).toBe(3);
    await reverifyPendingPayments(
      settlementDeps(env, new Date(Date.now() + 3 * DAY_MS + 6 * 60 * 60 * 1000)),
      reverifyTimeLeft(),
    );
    await env.settle();
    expect(await stillPending()).toBe(0);

    const statuses = await Promise.all(
      payments.map(async (payment) => (await paymentRow(env, payment.paymentId)).status),
    );
    expect(statuses).toEqual(payments.map((_payment, index) => outcomeOf(index)));
    const sold = PAYERS / 2;
    // Sold and counted on the link exactly once each; the failed debits' places are free again.
    expect(await paymentLinkStore.get(linkId)).toMatchObject({
      placesTaken: sold,
      soldCount: sold,
      grossCents: sold * PRICE_CENTS,
    });
    expect([...((await paymentLinkStore.get(linkId))?.holds ?? [])]).toEqual([]);
    for (const [index, payment] of payments.entries()) {
      const row = await paymentRow(env, payment.paymentId);
      expect(row.pendingShard, 'settled payments leave the re-verify list').toBeUndefined();
      if (outcomeOf(index) === 'succeeded') expect(row.receiptNumber).toBeGreaterThan(0);
    }
    // The freed places sell again.
    expect((await sendJson(env, '/api/checkout', 'POST', { linkId, tip: 'none' })).status).toBe(200);
  }, 120_000);
});
