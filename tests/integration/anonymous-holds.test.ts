/**
 * Issue 48, door 1 (docs/decisions.md #168): anonymous `POST /api/checkout` calls used to hold a place each for
 * Checkout's 31 minutes, so two calls sold out a two-place link and fifty made an unlimited link answer every
 * payer "busy". Now one client address holds only its share of a link, a Checkout nobody tried to pay on ends
 * after UNUSED_CHECKOUT_MINUTES, and a link held full still takes the merchant's own payment requests. Each
 * client here is its own loopback address (tests/support/from-address.ts), as the edge tells clients apart.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CHECKOUTS_PER_CLIENT_PER_LINK,
  CLIENT_CHECKOUTS_MESSAGE,
  UNUSED_CHECKOUT_MINUTES,
} from '@functions/domain/checkout-holds';
import { reverifyPendingPayments } from '@functions/domain/reverification';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { LINK_ALL_HELD_MESSAGE, LINK_ALL_HELD_TRY_AGAIN, LINK_SOLD_OUT_MESSAGE } from '@shared/payment-messages';
import { fetchFrom } from '../support/from-address';
import { reverifyTimeLeft } from '../support/lambda-time';
import { settlementDeps } from '../support/payments-seed';
import { paymentRow } from '../support/stored-rows';
import { payOnHostedCheckout } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestRuntime } from './harness';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

let clients = 0;
/** A loopback address no other test in this file uses: one client. */
const newClient = () => `127.0.${20 + Math.floor(clients / 200)}.${(clients++ % 200) + 1}`;

const startCheckoutFrom = (client: string, linkId: string) =>
  fetchFrom(client, `${env.baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId, tip: 'none' }),
  });

async function linkWith(maxPayments: number | null) {
  const merchant = await env.connectedMerchant();
  const link = await env.createLink(merchant, {
    title: 'Workshop seat',
    isOpenAmount: false,
    amountCents: 25_00,
    tipPercent: 0,
    ...(maxPayments !== null && { maxPayments }),
  });
  return { merchant, link };
}

it('one address calling again and again holds one place of a two-place link; another payer takes the other and pays', async () => {
  const { link } = await linkWith(2);
  const flood = newClient();
  const answers = [];
  for (let call = 0; call < 6; call++) answers.push(await startCheckoutFrom(flood, link.linkId));
  expect(answers.map((answer) => answer.status)).toEqual([200, 429, 429, 429, 429, 429]);
  expect(await answers[1]!.json()).toMatchObject({ code: 'client_checkouts', message: CLIENT_CHECKOUTS_MESSAGE });

  const payer = await startCheckoutFrom(newClient(), link.linkId);
  expect(payer.status).toBe(200);
  const { url, paymentId } = checkoutResponseSchema.parse(await payer.json());
  expect([302, 303]).toContain((await payOnHostedCheckout(url)).status);
  await env.settle();
  expect((await paymentRow(env, paymentId)).status).toBe('succeeded');
});

it(`one address's flood of an unlimited link opens at most ${CHECKOUTS_PER_CLIENT_PER_LINK} Checkouts; a real payer still pays`, async () => {
  const { link } = await linkWith(null);
  const flood = newClient();
  const statuses: number[] = [];
  for (let wave = 0; wave < 6; wave++) {
    const answers = await Promise.all(Array.from({ length: 10 }, () => startCheckoutFrom(flood, link.linkId)));
    statuses.push(...answers.map((answer) => answer.status));
  }
  expect(statuses.filter((status) => status === 200)).toHaveLength(CHECKOUTS_PER_CLIENT_PER_LINK);
  expect(statuses.filter((status) => status !== 200).every((status) => status === 429)).toBe(true);

  const payer = await startCheckoutFrom(newClient(), link.linkId);
  expect(payer.status).toBe(200);
  const { url, paymentId } = checkoutResponseSchema.parse(await payer.json());
  expect([302, 303]).toContain((await payOnHostedCheckout(url)).status);
  await env.settle();
  expect((await paymentRow(env, paymentId)).status).toBe('succeeded');
});

it(`a Checkout nobody tried to pay on ends after ${UNUSED_CHECKOUT_MINUTES} minutes and frees its place; one with a payment tried stays open`, async () => {
  const { link } = await linkWith(2);
  const unused = checkoutResponseSchema.parse(await (await startCheckoutFrom(newClient(), link.linkId)).json());
  const tried = checkoutResponseSchema.parse(await (await startCheckoutFrom(newClient(), link.linkId)).json());
  // A declined card: Stripe made the payment intent, the payer is still on Checkout choosing another card.
  expect((await payOnHostedCheckout(tried.url, { card: '4000 0000 0000 0002' })).status).toBe(402);
  await env.settle();
  expect((await startCheckoutFrom(newClient(), link.linkId)).status).toBe(409);

  const later = Date.now() + (UNUSED_CHECKOUT_MINUTES + 1) * 60 * 1000;
  await reverifyPendingPayments(settlementDeps(env, new Date(later)), reverifyTimeLeft());
  await env.settle();
  expect((await paymentRow(env, unused.paymentId)).status).toBe('expired');
  expect((await paymentRow(env, tried.paymentId)).status).toBe('open');

  const payer = await startCheckoutFrom(newClient(), link.linkId);
  expect(payer.status).toBe(200);
});

it("a link whose places are all held, none sold, still takes the merchant's payment request", async () => {
  const { merchant, link } = await linkWith(2);
  expect((await startCheckoutFrom(newClient(), link.linkId)).status).toBe(200);
  expect((await startCheckoutFrom(newClient(), link.linkId)).status).toBe(200);
  const request = await env.api('/api/me/requests', {
    method: 'POST',
    token: merchant.accessToken,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      linkId: link.linkId,
      payerEmail: `held-link-${crypto.randomUUID().slice(0, 8)}@example.co.nz`,
    }),
  });
  expect(request.status, await request.clone().text()).toBe(201);
});

it('a link whose every place is held, none sold, tells the next payer to come back, not that it is sold out', async () => {
  const { link } = await linkWith(2);
  expect((await startCheckoutFrom(newClient(), link.linkId)).status).toBe(200);
  expect((await startCheckoutFrom(newClient(), link.linkId)).status).toBe(200);

  const refused = await startCheckoutFrom(newClient(), link.linkId);
  expect(refused.status).toBe(409);
  expect(await refused.json()).toEqual({ code: 'sold_out', message: LINK_ALL_HELD_MESSAGE });
  const page = await (await fetch(`${env.baseUrl}/p/${link.linkId}`)).text();
  expect(page).toContain(LINK_ALL_HELD_MESSAGE);
  expect(page).not.toContain(LINK_SOLD_OUT_MESSAGE);
  // Not a dead end: the card's one way on opens the link afresh.
  expect(page).toMatch(new RegExp(`<a [^>]*href="/p/${link.linkId}"[^>]*>${LINK_ALL_HELD_TRY_AGAIN}</a>`));
});
