/**
 * A link with a payment limit (docs/decisions.md #58) is exact under concurrency without transactions: a
 * payer who starts Checkout holds a place until the session completes (sold) or ends (free again), each
 * once however often Stripe says so; the rest are told it is sold out and leave no payment or session.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LINK_ALL_HELD_MESSAGE } from '@shared/payment-messages';
import { paymentLinkStore } from '@functions/adapters/payment-link-store';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { paymentLinkListSchema, publicPaymentLinkSchema } from '@shared/contracts/payment-links';
import { payOnHostedCheckout } from '../support/stripe-sandbox';
import { clientAddress, fetchFrom } from '../support/from-address';
import { bootLocalRuntime, type TestRuntime } from './harness';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

let payers = 0;
/** Each payer from an address of its own: one address holds only its share of a link (docs/decisions.md #168). */
const startCheckout = (linkId: string) =>
  fetchFrom(clientAddress(payers++), `${env.baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId, tip: 'none' }),
  });

const sessionsCreated = () =>
  env.runtime.stripe.events().filter((event) => event.type === 'checkout.session.expired').length;

it('20 payers at once on a limit of 5: exactly 5 sessions, 15 told sold out; a timed-out session frees a place once', async () => {
  const merchant = await env.connectedMerchant();
  const link = await env.createLink(merchant, {
    title: 'Cooking class',
    isOpenAmount: false,
    amountCents: 45_00,
    tipPercent: 0,
    maxPayments: 5,
  });
  expect(link).toMatchObject({ maxPayments: 5, soldCount: 0 });

  const answers = await Promise.all(Array.from({ length: 20 }, () => startCheckout(link.linkId)));
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([...Array<number>(5).fill(200), ...Array<number>(15).fill(409)]);
  const refused = await Promise.all(answers.filter((a) => a.status === 409).map((a) => a.json()));
  // Every place is held by a payer on Checkout, none sold yet: the words say one may come back (#242).
  for (const body of refused) expect(body).toMatchObject({ code: 'sold_out', message: LINK_ALL_HELD_MESSAGE });
  const started = await Promise.all(
    answers.filter((a) => a.status === 200).map(async (a) => checkoutResponseSchema.parse(await a.json())),
  );
  expect(new Set(started.map((s) => s.url)).size).toBe(5);
  const publicView = publicPaymentLinkSchema.parse(await (await env.api(`/api/links/${link.linkId}`)).json());
  expect(publicView.soldOut).toBe(true);
  expect(publicView.placesHeld).toBe(true);

  // One payer pays: sold, not freed. Another's session times out: its place frees, once, even redelivered.
  expect((await payOnHostedCheckout(started[0]!.url)).status).toBe(303);
  const sessionIdOf = (url: string) => url.split('/').at(-1)!;
  const expiredBefore = sessionsCreated();
  expect(
    (
      await fetch(`${env.runtime.stripe.url}/_emu/checkout/sessions/${sessionIdOf(started[1]!.url)}/time_out`, {
        method: 'POST',
      })
    ).status,
  ).toBe(200);
  await env.settle();
  expect(sessionsCreated()).toBe(expiredBefore + 1);
  const expiredEvent = env.runtime.stripe
    .events()
    .filter((e) => e.type === 'checkout.session.expired')
    .at(-1)!;
  // Stripe may send an event twice: the place is freed once.
  await env.deliverSignedWebhook(
    '/api/webhooks/stripe-connect',
    JSON.stringify({ ...expiredEvent, id: `${expiredEvent.id}_again` }),
    'stripe-connect-webhook-secret',
  );
  await env.settle();
  const ledger = await paymentLinkStore.get(link.linkId);
  expect(ledger).toMatchObject({ placesTaken: 4, soldCount: 1 });
  expect([...(ledger!.holds ?? [])]).toHaveLength(3);

  // Exactly one place is free: one new checkout succeeds, the next is sold out.
  expect((await startCheckout(link.linkId)).status).toBe(200);
  expect((await startCheckout(link.linkId)).status).toBe(409);

  const listed = paymentLinkListSchema.parse(
    await (await env.api('/api/me/links', { token: merchant.accessToken })).json(),
  );
  expect(listed.links.find((l) => l.linkId === link.linkId)).toMatchObject({ maxPayments: 5, soldCount: 1 });
}, 120_000);

it('refuses a limit that is not a whole number from 1, with words, and creates nothing', async () => {
  const merchant = await env.createMerchant();
  for (const maxPayments of [0, -1, 2.5, 'five']) {
    const response = await env.api('/api/me/links', {
      method: 'POST',
      token: merchant.accessToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Class', isOpenAmount: false, amountCents: 1000, maxPayments }),
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toMatch(/payment limit must be a whole number/);
  }
  const listed = paymentLinkListSchema.parse(
    await (await env.api('/api/me/links', { token: merchant.accessToken })).json(),
  );
  expect(listed.links).toEqual([]);
});
