/**
 * Reliability suite: Stripe failing under Paylink. The sandbox's fault control
 * (`POST /_emu/faults`) makes the real API answer 5xx, 4xx or nothing at all (a hold past the client's
 * timeout) during checkout, connect, settlement and refunds; a dropped webhook is settled by the
 * schedule. Whatever Stripe does, the person gets the product's words (a 502 or a 4xx, never a 500), and the
 * money stays exact: no payment left pending by a failed click, no second session for one click, nothing
 * settled, counted or refunded twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardStatsSchema } from '@shared/contracts/stats';
import { ENV } from '@functions/environment';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from '../integration/harness';
import { merchantPayments, paymentRow } from '../support/stored-rows';
import {
  clearStripeFaults,
  createLink,
  injectStripeFault,
  merchantRow,
  payOnCheckoutPage,
  sendJson,
  startCheckout,
} from './support/chaos-kit';

const CHECKOUT_FAILED = 'Error creating payment session. Please try again.';

/**
 * The SDK's wait for one answer in this file: 2 s instead of the functions' 5 s, so each "no answer" fault
 * (held past both attempts) costs ~4.5 s, not ~10.5 s (docs/decisions.md #72). What the person sees and what
 * is stored do not depend on how long the wait was; the runtime's requests answer well inside 2 s.
 */
const STRIPE_TIMEOUT_MS = 2_000;
/** A "timeout" fault holds the request past the client's wait, then drops it unanswered. */
const PAST_THE_TIMEOUT_MS = STRIPE_TIMEOUT_MS + 600;

let env: TestRuntime;
let merchant: TestMerchant;
let linkId: string;

/** The figures printed at the end. */
const figures = {
  requestsSent: 0,
  faultsInjected: 0,
  answered5xx: 0,
  answered502: 0,
  orphans: 0,
  duplicates: 0,
};

/** The success page's `GET /api/checkout/{sessionId}` while Stripe fails: a 502 in the page's words, never a result. */
async function successPageDuringFault(sessionId: string) {
  figures.requestsSent++;
  const response = await env.api(`/api/checkout/${sessionId}`);
  if (response.status === 502) figures.answered502++;
  else if (response.status >= 500) figures.answered5xx++;
  expect(response.status).toBe(502);
  expect(((await response.clone().json()) as { message: string }).message).toBe(
    'Automatic verification failed, but the payment may have been processed.',
  );
  return response;
}

/** Every call a person makes: counted, and any 5xx other than Stripe's 502 is a failure of Paylink's. */
async function person(path: string, method: string, body?: unknown, init: RequestInit & { token?: string } = {}) {
  figures.requestsSent++;
  const response =
    body === undefined ? await env.api(path, { ...init, method }) : await sendJson(env, path, method, body, init);
  if (response.status === 502) figures.answered502++;
  else if (response.status >= 500) figures.answered5xx++;
  return response;
}

async function stats() {
  const response = await env.api('/api/me/stats', { token: merchant.accessToken });
  expect(response.status).toBe(200);
  return dashboardStatsSchema.parse(await response.json());
}

beforeAll(async () => {
  // Read when the functions first make their Stripe client, in this process (the runtime runs them here).
  process.env[ENV.stripeTimeoutMs] = String(STRIPE_TIMEOUT_MS);
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
  linkId = await createLink(env, merchant, 1500);
}, 120_000);

afterAll(async () => {
  await env?.stop();
  console.log(
    `stripe faults: ${figures.requestsSent} requests sent, ${figures.faultsInjected} faults injected, ` +
      `${figures.answered502} answered 502 in words, ${figures.answered5xx} other 5xx, ` +
      `${figures.orphans} orphan payments, ${figures.duplicates} duplicates`,
  );
});

describe('Stripe faults during checkout', () => {
  it('every fault is "Error creating payment session", the click’s payment is failed (not pending), and the retry makes one session', async () => {
    const faults = [
      { kind: '5xx', status: 500, count: 2 },
      { kind: '5xx', status: 503, count: 2 },
      { kind: '4xx', status: 400, count: 1 },
      { kind: '4xx', status: 402, count: 1 },
      // Held past the client's timeout, twice (the SDK retries once).
      { kind: 'timeout', count: 2, hold_ms: PAST_THE_TIMEOUT_MS },
    ] as const;
    const before = await stats();
    for (const fault of faults) {
      await injectStripeFault(env, { method: 'POST', path: '/v1/checkout/sessions', ...fault });
      const response = await person('/api/checkout', 'POST', { linkId, tip: 'none' });
      expect(response.status, `${fault.kind} ${'status' in fault ? fault.status : ''}`).toBe(502);
      expect(((await response.json()) as { message: string }).message).toBe(CHECKOUT_FAILED);
      figures.faultsInjected += await clearStripeFaults(env);
    }
    // One 5xx the SDK's own retry absorbs (same idempotency key): the payer never sees it.
    await injectStripeFault(env, { method: 'POST', path: '/v1/checkout/sessions', kind: '5xx', count: 1 });
    const absorbed = await person('/api/checkout', 'POST', { linkId, tip: 'none' });
    expect(absorbed.status).toBe(200);
    figures.faultsInjected += await clearStripeFaults(env);

    // The payer's retry after the outage: one payment, one session, paid and settled once.
    const retry = await startCheckout(env, linkId);
    figures.requestsSent++;
    await payOnCheckoutPage(retry.url);
    await env.settle();

    const payments = await merchantPayments(env, merchant.sub);
    const failedClicks = payments.filter((payment) => payment.status === 'failed');
    expect(failedClicks).toHaveLength(faults.length);
    for (const payment of failedClicks) expect(payment.checkoutSessionId).toBeUndefined();
    const pendingWithoutSession = payments.filter((p) => p.status === 'open' && !p.checkoutSessionId);
    figures.orphans += pendingWithoutSession.length;
    expect(pendingWithoutSession).toEqual([]);
    const sessions = payments.flatMap((payment) => (payment.checkoutSessionId ? [payment.checkoutSessionId] : []));
    figures.duplicates += sessions.length - new Set(sessions).size;
    expect(new Set(sessions).size).toBe(sessions.length);
    expect(sessions).toHaveLength(2); // the absorbed 5xx's and the retry's
    expect((await paymentRow(env, retry.paymentId)).status).toBe('succeeded');

    const after = await stats();
    expect(after.completedTransactions - before.completedTransactions).toBe(1);
    // The absorbed click's session is open — a Checkout, not money on its way (docs/decisions.md #30) — and
    // the failed clicks count nowhere.
    expect(after.pendingTransactions - before.pendingTransactions).toBe(0);
    expect(payments.filter((payment) => payment.status === 'open')).toHaveLength(1);
    expect(figures.answered5xx).toBe(0);
  });
});

describe('Stripe faults during connect', () => {
  it('"Could not connect to Stripe: …" (502), the merchant row unchanged; the retry makes one account', async () => {
    const newcomer = await env.createMerchant();
    const rowBefore = await merchantRow(env, newcomer.sub);
    for (const fault of [
      { kind: '5xx', status: 500, count: 2 },
      { kind: '4xx', status: 400, count: 1 },
    ] as const) {
      await injectStripeFault(env, { method: 'POST', path: '/v1/accounts', ...fault });
      const response = await person('/api/me/stripe/connect', 'POST', undefined, { token: newcomer.accessToken });
      expect(response.status).toBe(502);
      expect(((await response.json()) as { message: string }).message).toMatch(/^Could not connect to Stripe: .+/);
      figures.faultsInjected += await clearStripeFaults(env);
      expect(await merchantRow(env, newcomer.sub)).toEqual(rowBefore);
    }

    // The account is made, then the onboarding link fails: the account is kept (once), the retry reuses it.
    await injectStripeFault(env, { method: 'POST', path: '/v1/account_links', kind: '5xx', status: 503, count: 2 });
    const linkFailed = await person('/api/me/stripe/connect', 'POST', undefined, { token: newcomer.accessToken });
    expect(linkFailed.status).toBe(502);
    expect(((await linkFailed.json()) as { message: string }).message).toMatch(/^Could not connect to Stripe: .+/);
    figures.faultsInjected += await clearStripeFaults(env);
    const accountId = (await merchantRow(env, newcomer.sub))?.stripeAccountId as string;
    expect(accountId).toMatch(/^acct_/);

    const retried = await person('/api/me/stripe/connect', 'POST', undefined, { token: newcomer.accessToken });
    expect(retried.status).toBe(200);
    expect((await merchantRow(env, newcomer.sub))?.stripeAccountId).toBe(accountId);
    expect(figures.answered5xx).toBe(0);
  });
});

describe('Stripe faults during settlement', () => {
  it('the success page’s re-read failing is an error, never a result; the webhook still settles once', async () => {
    const before = await stats();
    const payment = await startCheckout(env, linkId);
    figures.requestsSent++;
    await injectStripeFault(env, {
      method: 'GET',
      path: '/v1/checkout/sessions/:id',
      kind: '5xx',
      status: 500,
      count: 2,
    });
    await payOnCheckoutPage(payment.url);
    await successPageDuringFault(payment.sessionId);
    figures.faultsInjected += await clearStripeFaults(env);
    await env.settle();

    expect((await paymentRow(env, payment.paymentId)).status).toBe('succeeded');
    const again = await person(`/api/checkout/${payment.sessionId}`, 'GET');
    expect(again.status).toBe(200);
    const after = await stats();
    expect(after.completedTransactions - before.completedTransactions).toBe(1);
    expect(after.grossRevenue - before.grossRevenue).toBe(1500);
    expect(figures.answered5xx).toBe(0);
  });

  it('a dropped webhook and a success page that times out: the schedule settles the payment, once', async () => {
    const before = await stats();
    const payment = await startCheckout(env, linkId);
    figures.requestsSent++;
    const drop = await fetch(`${env.runtime.stripe.url}/_emu/webhooks/drop?count=1&types=checkout.session.completed`, {
      method: 'POST',
    });
    expect(drop.status).toBe(200);
    await payOnCheckoutPage(payment.url);
    await env.settle();
    expect((await paymentRow(env, payment.paymentId)).status).toBe('open');

    // The payer's success page: Stripe does not answer in time (held past both attempts).
    await injectStripeFault(env, {
      method: 'GET',
      path: '/v1/checkout/sessions/:id',
      kind: 'timeout',
      count: 2,
      hold_ms: PAST_THE_TIMEOUT_MS,
    });
    await successPageDuringFault(payment.sessionId);
    figures.faultsInjected += await clearStripeFaults(env);
    expect((await paymentRow(env, payment.paymentId)).status).toBe('open');

    // The schedule asks Stripe, settles it; a second run and a late success page change nothing.
    await env.runtime.scheduler.runNow('reverify-pending-payments');
    await env.settle();
    expect((await paymentRow(env, payment.paymentId)).status).toBe('succeeded');
    await env.runtime.scheduler.runNow('reverify-pending-payments');
    expect((await person(`/api/checkout/${payment.sessionId}`, 'GET')).status).toBe(200);
    await env.settle();
    const after = await stats();
    expect(after.completedTransactions - before.completedTransactions).toBe(1);
    expect(after.grossRevenue - before.grossRevenue).toBe(1500);
    expect(figures.answered5xx).toBe(0);
  });
});

describe('Stripe faults inside the payment consumer', () => {
  it('the consumer’s own Stripe read fails on every retry: a dead letter, the schedule settles once, the replay adds nothing', async () => {
    const before = await stats();
    const payment = await startCheckout(env, linkId);
    figures.requestsSent++;
    // 3 bus attempts × 2 SDK tries of the settlement's card/fee read.
    await injectStripeFault(env, { method: 'GET', path: '/v1/payment_intents/:id', kind: '5xx', count: 6 });
    await payOnCheckoutPage(payment.url);
    await env.settle();
    figures.faultsInjected += await clearStripeFaults(env);
    expect((await paymentRow(env, payment.paymentId)).status).toBe('open');
    const letters = env.runtime.bus.deadLetters.list();
    expect(letters.map((letter) => letter.functionName)).toEqual(['apply-stripe-payment-event']);

    await env.runtime.scheduler.runNow('reverify-pending-payments');
    await env.settle();
    const row = await paymentRow(env, payment.paymentId);
    expect(row.status).toBe('succeeded');
    expect(row.cardLast4).toBe('4242');
    expect(await env.runtime.bus.replayDeadLetters()).toEqual({ replayed: 1, failed: 0, unknownFunction: 0 });
    await env.settle();
    const after = await stats();
    expect(after.completedTransactions - before.completedTransactions).toBe(1);
    expect(after.grossRevenue - before.grossRevenue).toBe(1500);
  });
});

describe('Stripe faults during a refund', () => {
  it('502, nothing recorded; the retry with the same Idempotency-Key refunds once', async () => {
    const payment = await startCheckout(env, linkId);
    figures.requestsSent++;
    await payOnCheckoutPage(payment.url);
    await env.settle();
    expect((await paymentRow(env, payment.paymentId)).status).toBe('succeeded');
    const before = await stats();
    const key = 'chaos-refund-0001';
    const refund = () =>
      person(
        `/api/me/payments/${payment.paymentId}/refunds`,
        'POST',
        { amountCents: 500 },
        { token: merchant.accessToken, headers: { 'idempotency-key': key } },
      );

    for (const fault of [
      { kind: '5xx', status: 500, count: 2 },
      { kind: '5xx', status: 503, count: 2 },
    ] as const) {
      await injectStripeFault(env, { method: 'POST', path: '/v1/refunds', ...fault });
      const failed = await refund();
      expect(failed.status, fault.kind).toBe(502);
      expect(((await failed.json()) as { message: string }).message).toMatch(/\S/);
      figures.faultsInjected += await clearStripeFaults(env);
      await env.settle();
      expect((await paymentRow(env, payment.paymentId)).refunds ?? {}).toEqual({});
    }

    // The retry: Stripe's first answer is lost to a timeout, the SDK's own retry (same key) gets it.
    await injectStripeFault(env, {
      method: 'POST',
      path: '/v1/refunds',
      kind: 'timeout',
      count: 1,
      hold_ms: PAST_THE_TIMEOUT_MS,
    });
    expect((await refund()).status).toBe(201);
    figures.faultsInjected += await clearStripeFaults(env);
    expect((await refund()).status).toBe(201); // the double click: the same refund, not a second one
    await env.settle();
    const row = await paymentRow(env, payment.paymentId);
    const refunds = Object.values(row.refunds ?? {});
    figures.duplicates += Math.max(0, refunds.length - 1);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amountCents).toBe(500);
    const charges = (await env.stripe.refunds.list(
      { payment_intent: row.paymentIntentId! },
      { stripeAccount: row.stripeAccountId },
    )) as { data: unknown[] };
    expect(charges.data).toHaveLength(1);
    const after = await stats();
    expect(after.totalRefunds - before.totalRefunds).toBe(500);
    expect(figures.answered5xx).toBe(0);
  });
});
