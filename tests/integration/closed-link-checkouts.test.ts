/**
 * A link the merchant turns off stops taking money at once: the Checkout sessions payers already opened on
 * it are expired with Stripe (checkout.sessions.expire), so the payer's Pay button fails and the payment
 * ends Denied (expired) rather than settling on a link its merchant closed, e.g. because the price was wrong.
 * A merchant whose trial ends with no plan takes no more payments either: the schedule expires what is open;
 * and so it does for a link whose expiry has passed (issue 48 door 5).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paymentStore } from '@functions/adapters/payment-store';
import { reverifyPendingPayments } from '@functions/domain/reverification';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { wallClockOf } from '@shared/wall-clock';
import { settlementDeps } from '../support/payments-seed';
import { payOnHostedCheckout, submitHostedForm } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestRuntime } from './harness';
import { reverifyTimeLeft } from '../support/lambda-time';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

const CARD = {
  email: 'payer@example.co.nz',
  name: 'Rawiri Payer',
  card_number: '4242424242424242',
  expiry: '12 / 34',
  cvc: '123',
};

async function openCheckout(linkId: string) {
  const response = await env.api('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId, tip: 'none' }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return checkoutResponseSchema.parse(await response.json());
}

it("deactivating a link expires its open Checkouts: a payer still on one cannot pay, another link's payer still can", async () => {
  const merchant = await env.connectedMerchant();
  const wrongPrice = await env.createLink(merchant, {
    title: 'Scone',
    isOpenAmount: false,
    amountCents: 50_00,
    tipPercent: 0,
  });
  const other = await env.createLink(merchant, { title: 'Pie', isOpenAmount: false, amountCents: 6_50, tipPercent: 0 });
  const [first, second, untouched] = [
    await openCheckout(wrongPrice.linkId),
    await openCheckout(wrongPrice.linkId),
    await openCheckout(other.linkId),
  ];

  const off = await env.api(`/api/me/links/${wrongPrice.linkId}`, {
    method: 'PATCH',
    token: merchant.accessToken,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ isActive: false }),
  });
  expect(off.status).toBe(200);
  await env.settle();

  for (const closed of [first, second]) {
    const attempt = await submitHostedForm(closed.url, CARD);
    expect(attempt.status, 'the expired Checkout refuses the payment').not.toBe(303);
    expect((await paymentStore.get(closed.paymentId))?.status).toBe('expired');
  }
  expect((await submitHostedForm(untouched.url, CARD)).status).toBe(303);
  await env.settle();
  expect((await paymentStore.get(untouched.paymentId))?.status).toBe('succeeded');
});

it("when a merchant's trial ends with no plan, the schedule expires the Checkouts still open", async () => {
  const merchant = await env.connectedMerchant();
  const link = await env.createLink(merchant, { title: 'Pie', isOpenAmount: false, amountCents: 6_50, tipPercent: 0 });
  const open = await openCheckout(link.linkId);
  await env.documents.send(
    new UpdateCommand({
      TableName: env.runtime.dynamo.tableNames.merchants,
      Key: { merchantId: merchant.sub },
      UpdateExpression: 'SET trialEndsAt = :ended',
      ExpressionAttributeValues: { ':ended': new Date(Date.now() - 60_000).toISOString() },
    }),
  );

  await reverifyPendingPayments(settlementDeps(env, new Date()), reverifyTimeLeft());
  expect((await paymentStore.get(open.paymentId))?.status).toBe('expired');
  const attempt = await submitHostedForm(open.url, CARD);
  expect(attempt.status, 'the expired Checkout refuses the payment').not.toBe(303);
});

it('when a link expires, the schedule expires the Checkouts opened on it before, and only those', async () => {
  const merchant = await env.connectedMerchant();
  const expiresAt = new Date(Date.now() + 10 * 60_000);
  const expiring = await env.createLink(merchant, {
    title: 'Early-bird ticket',
    isOpenAmount: false,
    amountCents: 20_00,
    tipPercent: 0,
    expiresAtLocal: wallClockOf(expiresAt, 'Pacific/Auckland'),
  });
  const lasting = await env.createLink(merchant, {
    title: 'Pie',
    isOpenAmount: false,
    amountCents: 6_50,
    tipPercent: 0,
  });
  const [opened, other] = [await openCheckout(expiring.linkId), await openCheckout(lasting.linkId)];

  // Before the expiry the schedule leaves both open; its next check of the expiring one is due at the expiry.
  await reverifyPendingPayments(settlementDeps(env, new Date()), reverifyTimeLeft());
  expect((await paymentStore.get(opened.paymentId))?.status).toBe('open');
  expect(expiring.expiresAt).not.toBeNull();
  expect((await paymentStore.get(opened.paymentId))!.reverifyAt! <= expiring.expiresAt!).toBe(true);

  // The other link's payer has tried a card (declined): a Checkout in use keeps Stripe's 31 minutes, where one
  // nobody tried to pay on would end after UNUSED_CHECKOUT_MINUTES (docs/decisions.md #168).
  expect((await payOnHostedCheckout(other.url, { card: '4000 0000 0000 0002' })).status).toBe(402);
  // The expiry passes while the payer is still on Checkout: the run after it closes the session.
  await reverifyPendingPayments(
    settlementDeps(env, new Date(Date.parse(expiring.expiresAt!) + 60_000)),
    reverifyTimeLeft(),
  );
  expect((await paymentStore.get(opened.paymentId))?.status).toBe('expired');
  const attempt = await submitHostedForm(opened.url, CARD);
  expect(attempt.status, 'the expired Checkout refuses the payment').not.toBe(303);
  expect((await submitHostedForm(other.url, CARD)).status).toBe(303);
  await env.settle();
  expect((await paymentStore.get(other.paymentId))?.status).toBe('succeeded');
});
