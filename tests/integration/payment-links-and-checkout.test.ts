/**
 * The money path end to end on the local runtime and the Stripe sandbox: links, the public page's read,
 * checkout priced on the server, paying on the sandbox's hosted Checkout, settlement through the Connect
 * webhook and the bus (exactly once, forward only), the result pages' calls, and receipts.
 */
import { HIDDEN_CHARACTERS_MESSAGE } from '@shared/plain-text';
import {
  AMOUNT_TOO_LARGE_MESSAGE,
  AMOUNT_TOO_SMALL_MESSAGE,
  LINK_NOT_ACCEPTING_MESSAGE,
} from '@shared/payment-messages';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelResultSchema, paymentResultSchema, type CheckoutRequest } from '@shared/contracts/checkout';
import {
  paymentLinkListSchema,
  paymentLinkSchema,
  publicPaymentLinkSchema,
  type CreatePaymentLinkInput,
  type PaymentLink,
} from '@shared/contracts/payment-links';
import { SUBSCRIPTION_REQUIRED_CODE, SUBSCRIPTION_REQUIRED_MESSAGE } from '@shared/contracts/subscription';
import { dayInTimeZone } from '@functions/domain/merchant-days';
import { bootWithConnectedMerchant, openCheckout, sendJson } from '../support/connected-merchant-runtime';
import { waitForEmail } from '../support/mailbox';
import { paymentRow, paymentsOfLink, statsItems } from '../support/stored-rows';
import { payOnHostedCheckout } from '../support/stripe-sandbox';
import type { TestMerchant, TestRuntime } from './harness';

let env: TestRuntime;
/** A merchant on the trial with Stripe connected: can take payments. */
let merchant: TestMerchant;

beforeAll(async () => ({ env, merchant } = await bootWithConnectedMerchant()));
afterAll(() => env?.stop());

const FLAT_WHITE: CreatePaymentLinkInput = {
  title: 'Flat white',
  description: 'Double shot, any milk',
  isOpenAmount: false,
  amountCents: 550,
  tipPercent: 10,
};

const send = (path: string, method: string, body: unknown, token?: string) => sendJson(env, method, path, body, token);
const createLink = (owner: TestMerchant, input: CreatePaymentLinkInput = FLAT_WHITE) => env.createLink(owner, input);
const checkout = (request: CheckoutRequest) => openCheckout(env, request);

/** Pays a Checkout session on the sandbox's hosted page, as a payer does: open it, fill the form, press Pay. */
async function payOnSandbox(
  url: string,
  card = '4242 4242 4242 4242',
  payer = { email: 'payer@example.co.nz', name: 'Rawiri Payer' },
) {
  const response = await payOnHostedCheckout(url, { card, ...payer });
  await env.settle();
  return response;
}

function sessionIdOf(successUrl: string | null) {
  return new URL(successUrl!).searchParams.get('session_id')!;
}

async function sentEvents(): Promise<Stripe.Event[]> {
  const response = await fetch(`${env.runtime.stripe.url}/_emu/events`);
  return ((await response.json()) as { data: Stripe.Event[] }).data;
}

describe('payment links API', () => {
  it('creates fixed and open-amount links that start active, and lists them newest first', async () => {
    const owner = await env.createMerchant();
    const fixed = await createLink(owner);
    expect(fixed).toMatchObject({ ...FLAT_WHITE, isActive: true, currency: 'nzd' });
    expect(fixed.linkId).toMatch(/^[A-Za-z0-9_-]{12}$/);

    // An open-amount link stores no amount, whatever the form had in the hidden field.
    const open = await createLink(owner, { title: 'Koha', isOpenAmount: true, amountCents: 999, tipPercent: 15 });
    expect(open).toMatchObject({ amountCents: null, isOpenAmount: true, tipPercent: 15, description: null });

    const list = await env.api('/api/me/links', { token: owner.accessToken });
    expect(list.status).toBe(200);
    const { links } = paymentLinkListSchema.parse(await list.json());
    expect(links.map((link) => link.linkId)).toEqual([open.linkId, fixed.linkId]);
  });

  it.each([
    ['no title', { ...FLAT_WHITE, title: '  ' }, 'title', 'Title is required'],
    [
      'a tip of 51%',
      { ...FLAT_WHITE, tipPercent: 51 },
      'tipPercent',
      'Tip percentage must be a whole number from 0 to 50.',
    ],
    [
      'a fractional tip',
      { ...FLAT_WHITE, tipPercent: 12.5 },
      'tipPercent',
      'Tip percentage must be a whole number from 0 to 50.',
    ],
    ['a fixed link with no amount', { ...FLAT_WHITE, amountCents: null }, 'amountCents', 'Amount is required'],
    // A right-to-left override would show "Deposit\u202Etxt.exe" as "Depositexe.txt" to every payer.
    [
      'a title with a direction override',
      { ...FLAT_WHITE, title: 'Deposit\u202Etxt.exe' },
      'title',
      HIDDEN_CHARACTERS_MESSAGE,
    ],
    ['a description with NUL', { ...FLAT_WHITE, description: 'Large\u0000' }, 'description', HIDDEN_CHARACTERS_MESSAGE],
    ['an amount below NZ$0.50', { ...FLAT_WHITE, amountCents: 49 }, 'amountCents', AMOUNT_TOO_SMALL_MESSAGE],
    [
      'an amount above the maximum',
      { ...FLAT_WHITE, amountCents: 10_000_001 },
      'amountCents',
      AMOUNT_TOO_LARGE_MESSAGE,
    ],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_case, input, field, message) => {
    const owner = await env.createMerchant();
    const response = await send('/api/me/links', 'POST', input, owner.accessToken);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fields[field]).toBe(message);
    const list = await (await env.api('/api/me/links', { token: owner.accessToken })).json();
    expect(list.links).toEqual([]);
  });

  it('deactivates and activates a link; the toggle answers the link as it now is', async () => {
    const link = await createLink(merchant);
    const off = await send(`/api/me/links/${link.linkId}`, 'PATCH', { isActive: false }, merchant.accessToken);
    expect(off.status).toBe(200);
    expect(paymentLinkSchema.parse(await off.json()).isActive).toBe(false);
    const on = await send(`/api/me/links/${link.linkId}`, 'PATCH', { isActive: true }, merchant.accessToken);
    expect(paymentLinkSchema.parse(await on.json()).isActive).toBe(true);
    const bad = await send(`/api/me/links/${link.linkId}`, 'PATCH', { isActive: 'yes' }, merchant.accessToken);
    expect(bad.status).toBe(400);
  });

  it("keeps merchants apart: B neither lists nor toggles A's links (404, nothing changes)", async () => {
    const linkOfA = await createLink(merchant);
    const merchantB = await env.createMerchant();
    const listOfB = await (await env.api('/api/me/links', { token: merchantB.accessToken })).json();
    expect(listOfB.links.map((link: PaymentLink) => link.linkId)).not.toContain(linkOfA.linkId);

    const toggle = await send(`/api/me/links/${linkOfA.linkId}`, 'PATCH', { isActive: false }, merchantB.accessToken);
    expect(toggle.status).toBe(404);
    expect((await toggle.json()).code).toBe('link_not_found');
    const stillActive = publicPaymentLinkSchema.parse(await (await env.api(`/api/links/${linkOfA.linkId}`)).json());
    expect(stillActive.linkId).toBe(linkOfA.linkId);
  });

  it('refuses creating and activating once the trial has ended with no subscription; deactivating still works', async () => {
    const lapsed = await env.createMerchant();
    const link = await createLink(lapsed);
    await env.createMerchant(); // another merchant's data is untouched by what follows
    // The trial ends: the row says so, as time would.
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await env.documents.send(
      new UpdateCommand({
        TableName: env.runtime.dynamo.tableNames.merchants,
        Key: { merchantId: lapsed.sub },
        UpdateExpression: 'SET trialEndsAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
      }),
    );

    const create = await send('/api/me/links', 'POST', FLAT_WHITE, lapsed.accessToken);
    expect(create.status).toBe(403);
    expect(await create.json()).toEqual({ code: SUBSCRIPTION_REQUIRED_CODE, message: SUBSCRIPTION_REQUIRED_MESSAGE });

    const off = await send(`/api/me/links/${link.linkId}`, 'PATCH', { isActive: false }, lapsed.accessToken);
    expect(off.status).toBe(200);
    const on = await send(`/api/me/links/${link.linkId}`, 'PATCH', { isActive: true }, lapsed.accessToken);
    expect(on.status).toBe(403);
    expect((await on.json()).code).toBe(SUBSCRIPTION_REQUIRED_CODE);

    const { links } = await (await env.api('/api/me/links', { token: lapsed.accessToken })).json();
    expect(links).toHaveLength(1);
    expect(links[0].isActive).toBe(false);
  });
});

describe('the public link (GET /api/links/{id})', () => {
  it('shows only what the payment page shows, and may be cached', async () => {
    const link = await createLink(merchant);
    const response = await env.api(`/api/links/${link.linkId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await response.json()).toEqual({
      linkId: link.linkId,
      title: 'Flat white',
      description: 'Double shot, any milk',
      amountCents: 550,
      isOpenAmount: false,
      tipPercent: 10,
      tipPresets: [10],
      currency: 'nzd',
      businessName: 'Kiwi Coffee Cart',
      acceptingPayments: true,
      expired: false,
      expiredMessage: null,
      soldOut: false,
      placesHeld: false,
      repeat: null,
    });
  });

  it('answers 404 for an unknown, malformed or inactive link', async () => {
    const link = await createLink(merchant);
    await send(`/api/me/links/${link.linkId}`, 'PATCH', { isActive: false }, merchant.accessToken);
    for (const id of ['AAAAAAAAAAAA', 'not-a-link', link.linkId]) {
      const response = await env.api(`/api/links/${id}`);
      expect(response.status).toBe(404);
      expect((await response.json()).code).toBe('link_not_found');
    }
  });

  it('says a link is not accepting payments while its merchant has not connected Stripe, and checkout refuses', async () => {
    const unconnected = await env.createMerchant();
    const link = await createLink(unconnected);
    const view = publicPaymentLinkSchema.parse(await (await env.api(`/api/links/${link.linkId}`)).json());
    expect(view.acceptingPayments).toBe(false);

    const response = await send('/api/checkout', 'POST', { linkId: link.linkId, tip: 'none' });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ code: 'not_accepting_payments', message: LINK_NOT_ACCEPTING_MESSAGE });
    expect(await paymentsOfLink(env, link.linkId)).toEqual([]);
  });
});

describe('checkout', () => {
  it('prices a fixed link from the stored link: a client-sent amount is ignored', async () => {
    const link = await createLink(merchant);
    const { url, paymentId } = await checkout({ linkId: link.linkId, amount: 1, tip: 'percent' });
    expect(url).toMatch(/\/checkout\/cs_test_/);
    const payment = await paymentRow(env, paymentId);
    // 550 + 10% tip (55) = 605; Paylink's 0.5% of 605 = 3.025 → 3 cents.
    expect(payment).toMatchObject({
      status: 'open',
      baseCents: 550,
      tipCents: 55,
      totalCents: 605,
      productFeeCents: 3,
      currency: 'nzd',
      merchantId: merchant.sub,
      linkId: link.linkId,
    });

    // The session is a direct charge on the merchant's own account, with the fee and our ids on it.
    const session = await env.stripe.checkout.sessions.retrieve(
      payment.checkoutSessionId!,
      { expand: ['line_items'] },
      { stripeAccount: payment.stripeAccountId },
    );
    expect(session.amount_total).toBe(605);
    expect(session.metadata).toEqual({ paymentId, linkId: link.linkId, merchantId: merchant.sub });
    expect(session.success_url).toContain('/payment-success?session_id={CHECKOUT_SESSION_ID}');
    expect(session.cancel_url).toContain(`/payment-canceled?payment_id=${paymentId}`);
  });

  it('takes an open amount from the payer, within NZ$0.50 and the maximum', async () => {
    const link = await createLink(merchant, { title: 'Koha', isOpenAmount: true, tipPercent: 15 });
    for (const [amount, message] of [
      [49, AMOUNT_TOO_SMALL_MESSAGE],
      [10_000_001, AMOUNT_TOO_LARGE_MESSAGE],
      [undefined, 'Please enter a valid amount'],
    ] as const) {
      const response = await send('/api/checkout', 'POST', { linkId: link.linkId, amount, tip: 'none' });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(message);
    }
    // The tip may not carry the total past the maximum either.
    const overWithTip = await send('/api/checkout', 'POST', { linkId: link.linkId, amount: 9_000_000, tip: 'percent' });
    expect(overWithTip.status).toBe(400);
    expect(await paymentsOfLink(env, link.linkId)).toEqual([]);

    // 12.35 + 15% = 1.8525 → 1.85 (half-up to the cent).
    const { paymentId } = await checkout({ linkId: link.linkId, amount: 1235, tip: 'percent' });
    expect(await paymentRow(env, paymentId)).toMatchObject({ baseCents: 1235, tipCents: 185, totalCents: 1420 });
  });

  it('refuses a bad tip choice with a 400', async () => {
    const link = await createLink(merchant);
    const response = await send('/api/checkout', 'POST', { linkId: link.linkId, tip: 51 });
    expect(response.status).toBe(400);
    expect((await response.json()).fields.tip).toBeDefined();
  });

  it('answers 404 and creates nothing for an inactive or unknown link', async () => {
    const link = await createLink(merchant);
    await send(`/api/me/links/${link.linkId}`, 'PATCH', { isActive: false }, merchant.accessToken);
    for (const linkId of [link.linkId, 'ZZZZZZZZZZZZ']) {
      const response = await send('/api/checkout', 'POST', { linkId, tip: 'none' });
      expect(response.status).toBe(404);
      expect((await response.json()).code).toBe('link_not_found');
    }
    expect(await paymentsOfLink(env, link.linkId)).toEqual([]);
  });
});

describe('settlement', () => {
  it('pay on the sandbox → webhook → payment succeeded with fees and payer, counted once in its day', async () => {
    const owner = await env.connectedMerchant();
    const link = await createLink(owner);
    const { url, paymentId } = await checkout({ linkId: link.linkId, tip: 'percent' });

    const paid = await payOnSandbox(url);
    expect(paid.status).toBe(303);
    const sessionId = sessionIdOf(paid.headers.get('location'));

    const payment = await paymentRow(env, paymentId);
    expect(payment).toMatchObject({
      status: 'succeeded',
      totalCents: 605,
      productFeeCents: 3,
      payerName: 'Rawiri Payer',
      payerEmail: 'payer@example.co.nz',
      cardBrand: 'visa',
      cardLast4: '4242',
      paymentMethodType: 'card',
      checkoutSessionId: sessionId,
    });
    expect(payment.stripeFeeCents).toBeGreaterThan(0);
    expect(payment.paymentIntentId).toMatch(/^pi_/);
    expect(payment.pendingShard).toBeUndefined();
    // Counted, so no longer marked for the schedule to finish.
    expect(payment.uncountedShard).toBeUndefined();

    const days = await statsItems(env, owner.sub);
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({
      // The day it settled, in the merchant's time zone (docs/decisions.md #18).
      day: `D#${dayInTimeZone(payment.settledAt!, 'Pacific/Auckland')}`,
      revenueCents: 605,
      tipCents: 55,
      succeededCount: 1,
    });

    // The success page's verification agrees, and settles nothing twice.
    const result = paymentResultSchema.parse(await (await env.api(`/api/checkout/${sessionId}`)).json());
    expect(result).toMatchObject({
      verified: true,
      status: 'succeeded',
      amount_total: 605,
      // Masked: anyone holding the session id may ask (docs/decisions.md #69).
      customer_name: 'Rawiri P.',
      customer_email: 'p•••@example.co.nz',
      link_title: 'Flat white',
    });
    expect((await statsItems(env, owner.sub))[0]).toMatchObject({ revenueCents: 605, succeededCount: 1 });
  });

  it('counts the same event delivered 5 times, and a late contrary event, once — and never moves back', async () => {
    const owner = await env.connectedMerchant();
    const link = await createLink(owner);
    const { url, paymentId } = await checkout({ linkId: link.linkId, tip: 'none' });
    const paid = await payOnSandbox(url);
    const sessionId = sessionIdOf(paid.headers.get('location'));

    const completed = (await sentEvents()).find(
      (event) => event.type === 'checkout.session.completed' && (event.data.object as { id: string }).id === sessionId,
    )!;
    expect(completed).toBeDefined();
    const payload = JSON.stringify(completed);
    for (let delivery = 0; delivery < 5; delivery++) {
      const response = await env.deliverSignedWebhook(
        '/api/webhooks/stripe-connect',
        payload,
        'stripe-connect-webhook-secret',
      );
      expect(response.status).toBe(200);
    }
    // An older event arriving late (and under a new id, so idempotency on the id cannot save us): expired.
    const lateExpired = {
      ...completed,
      id: `evt_late_${paymentId}`,
      type: 'checkout.session.expired',
      created: completed.created - 60,
      data: { object: { ...(completed.data.object as object), status: 'expired', payment_status: 'unpaid' } },
    };
    const late = await env.deliverSignedWebhook(
      '/api/webhooks/stripe-connect',
      JSON.stringify(lateExpired),
      'stripe-connect-webhook-secret',
    );
    expect(late.status).toBe(200);
    await env.settle();
    // Checked before the success page verifies: its fresh read from Stripe would otherwise hide a step back.
    expect((await paymentRow(env, paymentId)).status).toBe('succeeded');
    // And the success page verifying twice more.
    await env.api(`/api/checkout/${sessionId}`);
    await env.api(`/api/checkout/${sessionId}`);

    expect((await paymentRow(env, paymentId)).status).toBe('succeeded');
    const days = await statsItems(env, owner.sub);
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ revenueCents: 550, succeededCount: 1 });
    expect([...days[0]!.counted]).toEqual([paymentId]);
  });

  it('ignores a session event from another account that names our payment in its metadata', async () => {
    const link = await createLink(merchant);
    const { paymentId } = await checkout({ linkId: link.linkId, tip: 'none' });
    // Even naming the real session id: only the account the payment was made on may settle it.
    const { checkoutSessionId } = await paymentRow(env, paymentId);
    const forged = {
      id: `evt_forged_${paymentId}`,
      object: 'event',
      type: 'checkout.session.completed',
      livemode: false,
      account: 'acct_someone_else',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: checkoutSessionId,
          object: 'checkout.session',
          status: 'complete',
          payment_status: 'paid',
          metadata: { paymentId },
          // The payment's own amount, so that only the account check stands between this event and the payment.
          amount_total: 550,
          currency: 'nzd',
          customer_details: { name: 'Mallory', email: 'm@example.com' },
          payment_intent: null,
        },
      },
    };
    const response = await env.deliverSignedWebhook(
      '/api/webhooks/stripe-connect',
      JSON.stringify(forged),
      'stripe-connect-webhook-secret',
    );
    expect(response.status).toBe(200);
    await env.settle();
    expect((await paymentRow(env, paymentId)).status).toBe('open');
  });

  it('ignores a session event whose amount or currency differs from the stored payment', async () => {
    const link = await createLink(merchant);
    const { paymentId } = await checkout({ linkId: link.linkId, tip: 'none' });
    const { checkoutSessionId, stripeAccountId } = await paymentRow(env, paymentId);
    // The right account and session, but not what the payer was asked for: an anomaly, never a settlement.
    for (const [amountTotal, currency] of [
      [1, 'nzd'],
      [550, 'aud'],
    ] as const) {
      const event = {
        id: `evt_amount_${currency}_${paymentId}`,
        object: 'event',
        type: 'checkout.session.completed',
        livemode: false,
        account: stripeAccountId,
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: checkoutSessionId,
            object: 'checkout.session',
            status: 'complete',
            payment_status: 'paid',
            metadata: { paymentId },
            amount_total: amountTotal,
            currency,
            customer_details: { name: 'Mallory', email: 'm@example.com' },
            payment_intent: null,
          },
        },
      };
      const response = await env.deliverSignedWebhook(
        '/api/webhooks/stripe-connect',
        JSON.stringify(event),
        'stripe-connect-webhook-secret',
      );
      expect(response.status).toBe(200);
      await env.settle();
      expect((await paymentRow(env, paymentId)).status).toBe('open');
    }
  });

  it('a declined card leaves the Checkout open, and the hosted page and the result say why', async () => {
    const link = await createLink(merchant);
    const { url, paymentId } = await checkout({ linkId: link.linkId, tip: 'none' });
    const declined = await payOnSandbox(url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402); // the sandbox answers a decline as Stripe's API would: 402
    expect(await declined.text()).toContain('Your card was declined.');

    const payment = await paymentRow(env, paymentId);
    expect(payment.status).toBe('open');
    expect(payment.lastError).toBe('Your card was declined.');
    const result = paymentResultSchema.parse(
      await (await env.api(`/api/checkout/${payment.checkoutSessionId}`)).json(),
    );
    expect(result).toMatchObject({ verified: false, status: 'open', last_error: 'Your card was declined.' });
    expect(await statsItems(env, merchant.sub)).toEqual([]);
  });
});

describe('the result pages', () => {
  it('cancel: expires the Checkout session, marks the payment canceled, and the expired event does not undo it', async () => {
    const link = await createLink(merchant);
    const { url, paymentId } = await checkout({ linkId: link.linkId, tip: 'none' });
    const response = await env.api(`/api/payments/${paymentId}/cancel`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(cancelResultSchema.parse(await response.json())).toEqual({
      paymentId,
      status: 'canceled',
      linkId: link.linkId,
      businessWebsite: null,
    });
    await env.settle();
    expect((await paymentRow(env, paymentId)).status).toBe('canceled');

    // The old tab cannot pay it any more.
    const page = await fetch(url);
    expect(await page.text()).toContain('This payment page has expired.');
    // Cancelling twice changes nothing; an unknown payment is a 404.
    const again = await env.api(`/api/payments/${paymentId}/cancel`, { method: 'POST' });
    expect((await again.json()).status).toBe('canceled');
    expect((await env.api('/api/payments/pay_AAAAAAAAAAAAAAAA/cancel', { method: 'POST' })).status).toBe(404);
  });

  it('cancel after paying (another tab) keeps the payment succeeded', async () => {
    const link = await createLink(merchant);
    const { url, paymentId } = await checkout({ linkId: link.linkId, tip: 'none' });
    await payOnSandbox(url);
    const response = await env.api(`/api/payments/${paymentId}/cancel`, { method: 'POST' });
    expect((await response.json()).status).toBe('succeeded');
  });

  it("emails a receipt for a succeeded payment to the payer's address, a few times at most; none for a pending one", async () => {
    const link = await createLink(merchant, { title: 'Long black', isOpenAmount: false, amountCents: 450 });
    const { url } = await checkout({ linkId: link.linkId, tip: 'none' });
    const receiptTo = `receipt-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
    const paid = await payOnSandbox(url, undefined, { email: receiptTo, name: 'Rawiri Payer' });
    const sessionId = sessionIdOf(paid.headers.get('location'));

    const invalid = await send(`/api/checkout/${sessionId}/receipt`, 'POST', { email: 'not-an-email' });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).message).toBe('Please enter a valid email address');

    const sent = await send(`/api/checkout/${sessionId}/receipt`, 'POST', {});
    expect(sent.status).toBe(202);
    const email = await waitForEmail(env.runtime.mailbox.url, receiptTo, {
      subject: /Your receipt from Kiwi Coffee Cart/,
    });
    expect(email.body.text).toContain('Long black');
    expect(email.body.text).toContain('$4.50');
    expect(email.body.text).toContain('Visa •••• 4242');

    for (let extra = 0; extra < 2; extra++) {
      expect((await send(`/api/checkout/${sessionId}/receipt`, 'POST', { email: receiptTo })).status).toBe(202);
    }
    const tooMany = await send(`/api/checkout/${sessionId}/receipt`, 'POST', {});
    expect(tooMany.status).toBe(429);

    const pending = await checkout({ linkId: link.linkId, tip: 'none' });
    const pendingSession = (await paymentRow(env, pending.paymentId)).checkoutSessionId;
    const refused = await send(`/api/checkout/${pendingSession}/receipt`, 'POST', {});
    expect(refused.status).toBe(409);
  });

  it('answers 404 for a session it does not know', async () => {
    expect((await env.api('/api/checkout/cs_test_unknown')).status).toBe(404);
  });
});
