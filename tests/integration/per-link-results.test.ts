/**
 * Per-link payment results (docs/decisions.md #82) and Edit link settings (#83) on the local runtime: each
 * succeeded payment joins its link's count and gross in the write that sells its place, once however many
 * settles race; a refund leaves the gross as it was; the limit cannot go below the places taken; another
 * merchant's link answers as a missing one; an expired link is not an active one.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentLinkStore } from '@functions/adapters/payment-link-store';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import {
  paymentLinkListSchema,
  paymentLinkSchema,
  type PaymentLink,
  type UpdateLinkSettingsInput,
} from '@shared/contracts/payment-links';
import { dashboardStatsSchema } from '@shared/contracts/stats';
import { wallClockOf } from '@shared/wall-clock';
import { paymentRow } from '../support/stored-rows';
import { payOnHostedCheckout } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
let merchant: TestMerchant;
let other: TestMerchant;

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
  other = await env.connectedMerchant();
}, 120_000);
afterAll(async () => {
  vi.useRealTimers();
  await env?.stop();
});

function send(path: string, method: string, body: unknown, token?: string) {
  return env.api(path, {
    method,
    token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function listed(linkId: string, token = merchant.accessToken): Promise<PaymentLink | undefined> {
  const list = paymentLinkListSchema.parse(await (await env.api('/api/me/links', { token })).json());
  return list.links.find((link) => link.linkId === linkId);
}

async function startCheckout(linkId: string, tip: 'none' | 'percent' = 'none') {
  const response = await send('/api/checkout', 'POST', { linkId, tip });
  expect(response.status).toBe(200);
  return checkoutResponseSchema.parse(await response.json());
}

/** A payer pays on the sandbox's Checkout; answers the payment id once it has settled. */
async function pay(linkId: string, tip: 'none' | 'percent' = 'none') {
  const { paymentId, paid } = await env.payLink(linkId, { tip });
  expect(paid.status).toBe(303);
  expect((await paymentRow(env, paymentId)).status).toBe('succeeded');
  return paymentId;
}

const editSettings = (linkId: string, body: UpdateLinkSettingsInput, token = merchant.accessToken) =>
  send(`/api/me/links/${linkId}/settings`, 'PUT', body, token);

describe('per-link results', () => {
  it('counts each succeeded payment and its total with tip; a partial refund leaves the gross as it was', async () => {
    const link = await env.createLink(merchant, {
      title: 'Quiz night ticket',
      isOpenAmount: false,
      amountCents: 20_00,
      tipPercent: 10,
    });
    expect(link.results).toEqual({ payments: 0, grossCents: 0 });

    const first = await pay(link.linkId, 'percent');
    await pay(link.linkId);
    // An abandoned Checkout on the same link counts nothing.
    await startCheckout(link.linkId);
    expect((await listed(link.linkId))?.results).toEqual({ payments: 2, grossCents: 22_00 + 20_00 });

    const refund = await send(
      `/api/me/payments/${first}/refunds`,
      'POST',
      { amountCents: 5_00, reason: 'requested_by_customer' },
      merchant.accessToken,
    );
    expect(refund.status).toBe(201);
    await env.settle();
    expect((await paymentRow(env, first)).refundedCents).toBe(5_00);
    // Gross, as the list labels it: the refund shows in the dashboard's figures, not here.
    expect((await listed(link.linkId))?.results).toEqual({ payments: 2, grossCents: 42_00 });
    // The other merchant's list never holds it.
    expect(await listed(link.linkId, other.accessToken)).toBeUndefined();
  }, 120_000);

  it('counts a payment once when the webhook, redeliveries and the success page settle it at the same moment', async () => {
    const link = await env.createLink(merchant, { title: 'Raffle', isOpenAmount: false, amountCents: 7_50 });
    const { paymentId, url } = await startCheckout(link.linkId);
    expect((await payOnHostedCheckout(url)).status).toBe(303);
    const completed = env.runtime.stripe
      .events()
      .filter((event) => event.type === 'checkout.session.completed')
      .find((event) => JSON.stringify(event).includes(paymentId));
    expect(completed).toBeDefined();
    const sessionId = url.split('/').at(-1)!;
    await Promise.all([
      ...Array.from({ length: 4 }, (_, n) =>
        env.deliverSignedWebhook(
          '/api/webhooks/stripe-connect',
          JSON.stringify({ ...completed, id: `${completed!.id}_again_${n}` }),
          'stripe-connect-webhook-secret',
        ),
      ),
      ...Array.from({ length: 4 }, () => env.api(`/api/checkout/${sessionId}`)),
    ]);
    await env.settle();
    expect((await paymentRow(env, paymentId)).status).toBe('succeeded');
    expect((await listed(link.linkId))?.results).toEqual({ payments: 1, grossCents: 7_50 });
    expect(await paymentLinkStore.get(link.linkId)).toMatchObject({ soldCount: 1, grossCents: 7_50 });
  }, 120_000);

  it('shows no results for a link made before links kept them, rather than a part of its history', async () => {
    const made = await env.createLink(merchant, { title: 'Old link', isOpenAmount: true });
    const stored = await paymentLinkStore.get(made.linkId);
    const { resultsSince: _since, grossCents: _gross, ...older } = stored!;
    const linkId = `${made.linkId.slice(0, 10)}xx`;
    await paymentLinkStore.create({ ...older, linkId });
    expect((await listed(linkId))?.results).toBeNull();
  });
});

describe('edit link settings', () => {
  it('changes the limit, reference and after-payment settings together; refuses a limit below the places sold and held', async () => {
    const link = await env.createLink(merchant, {
      title: 'Cooking class',
      isOpenAmount: false,
      amountCents: 45_00,
      maxPayments: 5,
    });
    await pay(link.linkId);
    await pay(link.linkId);
    await startCheckout(link.linkId); // a payer on Checkout holds a third place

    const refused = await editSettings(link.linkId, { maxPayments: 2, reference: 'TERM-4' });
    expect(refused.status).toBe(409);
    const refusal = (await refused.json()) as { code: string; message: string };
    expect(refusal).toMatchObject({ code: 'limit_below_sold' });
    expect(refusal.message).toBe(
      'This link already has 2 sold and 1 held by payers on Checkout. Choose a limit of at least 3, or no limit.',
    );
    expect(await listed(link.linkId)).toMatchObject({ maxPayments: 5, reference: null, soldCount: 2 });

    const edited = await editSettings(link.linkId, {
      maxPayments: 3,
      reference: '  TERM-4 ',
      thankYouMessage: 'See you at 6pm, bring an apron.',
      redirectUrl: null,
    });
    expect(edited.status).toBe(200);
    expect(paymentLinkSchema.parse(await edited.json())).toMatchObject({
      maxPayments: 3,
      reference: 'TERM-4',
      thankYouMessage: 'See you at 6pm, bring an apron.',
      redirectUrl: null,
      soldCount: 2,
      results: { payments: 2, grossCents: 90_00 },
    });
    // The new limit holds at once: every place is sold or held.
    expect((await send('/api/checkout', 'POST', { linkId: link.linkId, tip: 'none' })).status).toBe(409);

    // The redirect replaces the thank-you; no limit lets payers in again.
    const redirect = await editSettings(link.linkId, {
      maxPayments: null,
      reference: 'TERM-4',
      redirectUrl: 'https://example.co.nz/thanks',
    });
    expect(redirect.status).toBe(200);
    expect(await listed(link.linkId)).toMatchObject({
      maxPayments: null,
      thankYouMessage: null,
      redirectUrl: 'https://example.co.nz/thanks',
    });
    expect((await send('/api/checkout', 'POST', { linkId: link.linkId, tip: 'none' })).status).toBe(200);
  }, 120_000);

  it('refuses bad settings with words as creation does, and changes nothing', async () => {
    const link = await env.createLink(merchant, { title: 'Deposit', isOpenAmount: false, amountCents: 100_00 });
    const before = await listed(link.linkId);
    const bad: [UpdateLinkSettingsInput, RegExp][] = [
      [{ maxPayments: 0 }, /payment limit must be a whole number from 1/],
      [{ maxPayments: 2.5 }, /payment limit must be a whole number from 1/],
      [{ redirectUrl: 'http://example.co.nz/thanks' }, /starts with https:\/\//],
      [
        { thankYouMessage: 'Thanks!', redirectUrl: 'https://example.co.nz/thanks' },
        /either a thank-you message or a redirect/,
      ],
      [{ reference: 'x'.repeat(65) }, /at most 64 characters/],
      [{ thankYouMessage: 'x'.repeat(501) }, /at most 500 characters/],
    ];
    for (const [body, words] of bad) {
      const response = await editSettings(link.linkId, body);
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toMatch(words);
    }
    expect(await listed(link.linkId)).toEqual(before);
  });

  it("answers another merchant's link as a missing one, and leaves it as it was", async () => {
    const link = await env.createLink(merchant, { title: 'Invoice 77', isOpenAmount: false, amountCents: 300_00 });
    const before = await listed(link.linkId);
    const answer = await editSettings(link.linkId, { maxPayments: 1, reference: 'MINE' }, other.accessToken);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: 'link_not_found' });
    expect((await editSettings('nosuchlink00', { reference: 'X' })).status).toBe(404);
    expect(await listed(link.linkId)).toEqual(before);
  });
});

describe('active links', () => {
  it('counts a link past its expiry as not active in the dashboard figures', async () => {
    const owner = await env.createMerchant();
    const activeLinks = async () =>
      dashboardStatsSchema.parse(await (await env.api('/api/me/stats', { token: owner.accessToken })).json())
        .activePaymentLinks;
    const soon = wallClockOf(new Date(Date.now() + 5 * 60_000), 'Pacific/Auckland');
    const expiring = await env.createLink(owner, { title: 'Early bird', isOpenAmount: true, expiresAtLocal: soon });
    await env.createLink(owner, { title: 'Always', isOpenAmount: true });
    expect(await activeLinks()).toBe(2);

    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.parse(expiring.expiresAt!) + 60_000);
    expect(await activeLinks()).toBe(1);
    expect(await listed(expiring.linkId, owner.accessToken)).toMatchObject({ isActive: true, expired: true });
    vi.useRealTimers();
  });
});
