// The sandbox's Checkout sessions end at their `expires_at` as Stripe's do: the bounds Stripe accepts, the
// session expired (and `checkout.session.expired` sent once) when its time is up, and no payment after.
// `/_emu/checkout/sessions/:id/time_out` stands in for the 30 minutes a test cannot wait.
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '@infra/local/stripe-sandbox/server';
import { PAYING_CARD, submitHostedForm } from '../support/stripe-sandbox';
import { startSandboxWithReceiver, type SandboxWithReceiver } from './support/sandbox-with-receiver';

let harness: SandboxWithReceiver;
let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  harness = await startSandboxWithReceiver('session-expiry');
  ({ sandbox, stripe } = harness);
});

afterAll(async () => {
  await harness?.stop();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A connected account that finished onboarding, so its sessions take payments. */
async function connectedAccount() {
  const account = await stripe.accounts.create({ type: 'standard', country: 'NZ', email: 'cafe@example.co.nz' });
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    refresh_url: 'http://app.test/refresh',
    return_url: 'http://app.test/return',
  });
  expect((await fetch(link.url)).status).toBe(200);
  expect((await submitHostedForm(link.url, { action: 'complete' })).status).toBe(303);
  return account.id;
}

function session(account: string, expiresAt?: number) {
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'nzd', unit_amount: 550, product_data: { name: 'Flat white' } } },
      ],
      payment_intent_data: { application_fee_amount: 3 },
      metadata: { paymentId: 'pay_expiry' },
      success_url: 'http://app.test/paid?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/canceled',
      ...(expiresAt === undefined ? {} : { expires_at: expiresAt }),
    },
    { stripeAccount: account },
  );
}

const timeOut = (sessionId: string) =>
  fetch(`${sandbox.url}/_emu/checkout/sessions/${sessionId}/time_out`, { method: 'POST' });

describe('Checkout session expiry', () => {
  it("accepts an expires_at from 30 minutes to 24 hours away, and refuses one outside Stripe's bounds", async () => {
    const account = await connectedAccount();
    const created = await session(account, nowSeconds() + 31 * 60);
    expect(created.status).toBe('open');
    expect(created.expires_at - created.created).toBeGreaterThanOrEqual(30 * 60);
    expect((await session(account)).expires_at - created.created).toBeGreaterThanOrEqual(86_400 - 5);
    for (const expiresAt of [nowSeconds() + 29 * 60, nowSeconds() + 25 * 3600, nowSeconds() - 60]) {
      await expect(session(account, expiresAt)).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        param: 'expires_at',
      });
    }
  });

  it('a session whose time is up is expired, says so once to the Connect endpoint, and takes no payment', async () => {
    const account = await connectedAccount();
    const open = await session(account, nowSeconds() + 31 * 60);
    const timedOut = await timeOut(open.id);
    expect(timedOut.status).toBe(200);
    expect(await timedOut.json()).toMatchObject({ id: open.id, status: 'expired' });

    const read = await stripe.checkout.sessions.retrieve(open.id, {}, { stripeAccount: account });
    expect(read.status).toBe('expired');
    // The hosted page is closed, and a card submitted from a tab left open is refused.
    expect((await fetch(open.url!)).status).toBe(410);
    const paid = await submitHostedForm(open.url!, {
      email: 'late@example.com',
      name: 'Late Payer',
      card_number: PAYING_CARD,
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(paid.status).toBe(410);
    expect((await stripe.checkout.sessions.retrieve(open.id, {}, { stripeAccount: account })).payment_status).toBe(
      'unpaid',
    );

    // Timing out again is refused as expiring again is: the event is sent once.
    expect((await timeOut(open.id)).status).toBe(400);
    await expect(stripe.checkout.sessions.expire(open.id, {}, { stripeAccount: account })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
    const expiredEvents = (await harness.delivered('/connect')).filter(
      (event) => event.type === 'checkout.session.expired' && (event.data.object as { id: string }).id === open.id,
    );
    expect(expiredEvents).toHaveLength(1);
    expect(expiredEvents[0]!.account).toBe(account);
  });

  it('a session still inside its time stays open and can be paid', async () => {
    const account = await connectedAccount();
    const open = await session(account, nowSeconds() + 31 * 60);
    expect((await fetch(open.url!)).status).toBe(200);
    const paid = await submitHostedForm(open.url!, {
      email: 'p@example.com',
      name: 'P',
      card_number: PAYING_CARD,
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(paid.status).toBe(303);
    expect((await timeOut(open.id)).status).toBe(400);
  });

  it('the time-out control names a session it does not know', async () => {
    expect((await timeOut('cs_test_nobody')).status).toBe(404);
  });
});
