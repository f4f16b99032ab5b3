/**
 * Delayed payment methods (New Zealand bank debit, docs/decisions.md #130, #131): the payer
 * completes Checkout, the money is with the bank for days, and the payment is pending until Stripe says how
 * it ends. A cancel page opened meanwhile never overrules it; the schedule keeps asking for as long as the
 * bank may take, and finds a failure the session itself does not show; its place stays held until then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentLinkStore } from '@functions/adapters/payment-link-store';
import { reverifyPendingPayments } from '@functions/domain/reverification';
import { cancelResultSchema, checkoutResponseSchema, paymentResultSchema } from '@shared/contracts/checkout';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { reverifyTimeLeft } from '../support/lambda-time';
import { settlementDeps } from '../support/payments-seed';
import { paymentRow } from '../support/stored-rows';
import { payByBankDebitOnHostedCheckout } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

const DAY_MS = 86_400_000;

let env: TestRuntime;
let merchant: TestMerchant;
beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
});
afterAll(async () => {
  await env?.stop();
});

/** A link with one place: sold twice is the harm a wrong cancel does. */
const onePlaceLink = () =>
  env.createLink(merchant, {
    title: 'Harbour kayak tour',
    isOpenAmount: false,
    amountCents: 120_00,
    tipPercent: 0,
    maxPayments: 1,
  });

const startCheckout = (linkId: string) =>
  env.api('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId, tip: 'none' }),
  });

/** Checkout started and paid by bank debit: the session completes unpaid, the debit processing. */
async function payByBankDebit(link: PaymentLink) {
  const started = await startCheckout(link.linkId);
  expect(started.status).toBe(200);
  const { paymentId, url } = checkoutResponseSchema.parse(await started.json());
  const paid = await payByBankDebitOnHostedCheckout(url);
  expect(paid.status).toBe(303);
  const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
  await env.settle();
  return { paymentId, sessionId, paymentIntentId: await paymentIntentOf(paymentId) };
}

/** The payment's payment intent, as Stripe's session names it. */
async function paymentIntentOf(paymentId: string) {
  const { checkoutSessionId, stripeAccountId } = await paymentRow(env, paymentId);
  const session = await env.stripe.checkout.sessions.retrieve(
    checkoutSessionId!,
    {},
    { stripeAccount: stripeAccountId },
  );
  return session.payment_intent as string;
}

/** The bank answers the debit, as it would days later (the sandbox's test control). */
const bankAnswers = (paymentIntentId: string, outcome: 'succeeded' | 'failed') =>
  env.sandboxControl(`/_emu/payment_intents/${paymentIntentId}/debit`, { outcome });

/** Stripe's next events of these types are lost on the way to Paylink. */
const loseWebhooks = (types: string[], count = types.length) =>
  env.sandboxControl('/_emu/webhooks/drop', { count: String(count), types: types.join(',') });

const cancel = async (paymentId: string) => {
  const response = await env.api(`/api/payments/${paymentId}/cancel`, { method: 'POST' });
  expect(response.status).toBe(200);
  return cancelResultSchema.parse(await response.json());
};

describe('a cancel never overrules money on its way', () => {
  it('the cancel page of a processing bank debit leaves it pending, its place held, and its success counted', async () => {
    const link = await onePlaceLink();
    const started = await startCheckout(link.linkId);
    const { paymentId, url } = checkoutResponseSchema.parse(await started.json());
    const paid = await payByBankDebitOnHostedCheckout(url);
    expect(paid.status).toBe(303);
    await env.settle();
    const row = await paymentRow(env, paymentId);
    expect(row).toMatchObject({ status: 'pending', paymentMethodType: 'nz_bank_account' });

    // Anyone holding the id opens the cancel page.
    expect(await cancel(paymentId)).toEqual({
      paymentId,
      status: 'pending',
      linkId: link.linkId,
      businessWebsite: null,
    });
    await env.settle();
    expect((await paymentRow(env, paymentId)).status).toBe('pending');
    // The one place is still held: a second payer is told it is sold out.
    expect((await startCheckout(link.linkId)).status).toBe(409);

    // Days later the debit succeeds: sold, and counted on the link.
    await bankAnswers(await paymentIntentOf(paymentId), 'succeeded');
    await env.settle();
    expect((await paymentRow(env, paymentId)).status).toBe('succeeded');
    expect(await paymentLinkStore.get(link.linkId)).toMatchObject({ placesTaken: 1, soldCount: 1, grossCents: 120_00 });
  });

  it('a cancel that races the completion (its webhook not yet in) settles what Stripe says instead', async () => {
    const link = await onePlaceLink();
    const started = await startCheckout(link.linkId);
    const { paymentId, url } = checkoutResponseSchema.parse(await started.json());
    await loseWebhooks(['checkout.session.completed']);
    expect((await payByBankDebitOnHostedCheckout(url)).status).toBe(303);
    await env.settle();
    expect((await paymentRow(env, paymentId)).status).toBe('open');

    // Stripe refuses to expire the completed session: the payment is what Stripe says, pending.
    expect((await cancel(paymentId)).status).toBe('pending');
    await env.settle();
    expect(await paymentRow(env, paymentId)).toMatchObject({ status: 'pending', paymentMethodType: 'nz_bank_account' });
    expect(await paymentLinkStore.get(link.linkId)).toMatchObject({ placesTaken: 1 });
  });

  it('a cancel whose expire goes unanswered cancels only once Stripe says the session expired', async () => {
    const link = await onePlaceLink();
    const started = await startCheckout(link.linkId);
    const { paymentId, url } = checkoutResponseSchema.parse(await started.json());
    // The expire fails with an outage (and the SDK's retry too): the session is still open at Stripe.
    await env.sandboxControl('/_emu/faults', {
      method: 'POST',
      path: '/v1/checkout/sessions/:id/expire',
      kind: '5xx',
      status: '503',
      count: '2',
    });
    expect((await cancel(paymentId)).status).toBe('open');
    // Still open: nothing was canceled, the place is still held, and the payer can still finish paying.
    expect(await paymentLinkStore.get(link.linkId)).toMatchObject({ placesTaken: 1 });
    expect((await payByBankDebitOnHostedCheckout(url)).status).toBe(303);
    await env.settle();
    expect((await paymentRow(env, paymentId)).status).toBe('pending');
  });
});

describe('re-verified for as long as the bank may take', () => {
  it('a bank debit that succeeds three days later, its webhook lost, is settled by the schedule and sold', async () => {
    const link = await onePlaceLink();
    const { paymentId, paymentIntentId } = await payByBankDebit(link);
    await loseWebhooks(['checkout.session.async_payment_succeeded']);
    await bankAnswers(paymentIntentId, 'succeeded');
    await env.settle();
    expect((await paymentRow(env, paymentId)).status).toBe('pending');

    // The schedule runs three days on: past a Checkout's 25 hours, well within a bank debit's days.
    await reverifyPendingPayments(settlementDeps(env, new Date(Date.now() + 3 * DAY_MS)), reverifyTimeLeft());
    expect(await paymentRow(env, paymentId)).toMatchObject({
      status: 'succeeded',
      paymentMethodType: 'nz_bank_account',
    });
    expect(await paymentLinkStore.get(link.linkId)).toMatchObject({ placesTaken: 1, soldCount: 1 });
  });

  it('a debit that fails, its webhooks lost, is found failed from its payment intent and frees its place', async () => {
    const link = await onePlaceLink();
    const { paymentId, paymentIntentId } = await payByBankDebit(link);
    await loseWebhooks(['checkout.session.async_payment_failed', 'payment_intent.payment_failed']);
    await bankAnswers(paymentIntentId, 'failed');
    await env.settle();
    expect((await paymentRow(env, paymentId)).status).toBe('pending');
    // The session still reads complete and unpaid: only the payment intent says the debit failed.
    await reverifyPendingPayments(settlementDeps(env, new Date(Date.now() + 2 * DAY_MS)), reverifyTimeLeft());
    expect((await paymentRow(env, paymentId)).status).toBe('failed');
    expect(await paymentLinkStore.get(link.linkId)).toMatchObject({ placesTaken: 0, soldCount: 0 });
    expect((await startCheckout(link.linkId)).status).toBe(200);
  });

  it('past its 14 days the schedule stops asking, but the payment stays pending and its place held until Stripe says', async () => {
    const link = await onePlaceLink();
    const { paymentId, paymentIntentId } = await payByBankDebit(link);
    await reverifyPendingPayments(settlementDeps(env, new Date(Date.now() + 15 * DAY_MS)), reverifyTimeLeft());
    const row = await paymentRow(env, paymentId);
    expect(row.status).toBe('pending');
    expect(row.reverifyAt! > new Date(Date.now() + 365 * DAY_MS).toISOString()).toBe(true);
    expect(await paymentLinkStore.get(link.linkId)).toMatchObject({ placesTaken: 1, soldCount: 0 });
    // Stripe's own event still settles it whenever it comes.
    await bankAnswers(paymentIntentId, 'succeeded');
    await env.settle();
    expect((await paymentRow(env, paymentId)).status).toBe('succeeded');
    expect(await paymentLinkStore.get(link.linkId)).toMatchObject({ placesTaken: 1, soldCount: 1 });
  });

  it('the success page says a processing debit is pending, not paid and not failed', async () => {
    const link = await onePlaceLink();
    const { sessionId } = await payByBankDebit(link);
    const response = await env.api(`/api/checkout/${sessionId}`);
    expect(response.status).toBe(200);
    expect(paymentResultSchema.parse(await response.json())).toMatchObject({
      verified: false,
      payment_status: 'unpaid',
      status: 'pending',
    });
  });
});
