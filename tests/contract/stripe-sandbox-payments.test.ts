// The Stripe sandbox, driven by the real `stripe` SDK as Paylink's functions drive Stripe: connected
// accounts and onboarding, direct-charge Checkout with an application fee, the hosted card outcomes,
// signed webhooks per endpoint, idempotent replay and Stripe-shaped errors.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '@infra/local/stripe-sandbox/server';
import { submitHostedForm, type ReceivedWebhook } from '../support/stripe-sandbox';
import { startSandboxWithReceiver, type SandboxWithReceiver } from './support/sandbox-with-receiver';

let harness: SandboxWithReceiver;
let sandbox: StripeSandbox;
let stripe: Stripe;
let received: ReceivedWebhook[];

beforeAll(async () => {
  harness = await startSandboxWithReceiver('contract');
  ({ sandbox, stripe, received } = harness);
});

afterAll(async () => {
  await harness?.stop();
});

const submitForm = submitHostedForm;

async function onboardedMerchant() {
  const account = await stripe.accounts.create({
    country: 'NZ',
    email: 'cafe@example.co.nz',
    controller: {
      stripe_dashboard: { type: 'full' },
      fees: { payer: 'account' },
      losses: { payments: 'stripe' },
    },
    capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    metadata: { merchantId: 'm-1' },
  });
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    refresh_url: 'http://app.test/refresh',
    return_url: 'http://app.test/return',
  });
  expect((await fetch(link.url)).status).toBe(200);
  const completed = await submitForm(link.url, { action: 'complete' });
  expect(completed.status).toBe(303);
  expect(completed.headers.get('location')).toBe('http://app.test/return');
  return account;
}

function paymentSession(
  account: string,
  overrides: { unitAmount?: number; fee?: number } = {},
  idempotencyKey?: string,
) {
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'nzd',
            unit_amount: overrides.unitAmount ?? 2000,
            product_data: { name: 'Flat white' },
          },
        },
      ],
      payment_intent_data: { application_fee_amount: overrides.fee ?? 10, metadata: { linkId: 'link-1' } },
      metadata: { linkId: 'link-1' },
      success_url: 'http://app.test/paid?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/pay/link-1',
    },
    { stripeAccount: account, ...(idempotencyKey ? { idempotencyKey } : {}) },
  );
}

describe('connected accounts and onboarding', () => {
  it('creates a restricted account, and the hosted page completes it and tells the Connect endpoint', async () => {
    const account = await stripe.accounts.create({ type: 'standard', country: 'NZ', email: 'new@example.co.nz' });
    expect(account).toMatchObject({
      object: 'account',
      type: 'standard',
      charges_enabled: false,
      details_submitted: false,
    });
    expect(account.id).toMatch(/^acct_/);

    const merchant = await onboardedMerchant();
    const retrieved = await stripe.accounts.retrieve(merchant.id);
    expect(retrieved).toMatchObject({ charges_enabled: true, payouts_enabled: true, details_submitted: true });
    expect(retrieved.capabilities).toEqual({ card_payments: 'active', transfers: 'active' });
    expect(retrieved.requirements?.currently_due).toEqual([]);
    expect(retrieved.metadata).toEqual({ merchantId: 'm-1' });

    await sandbox.settled();
    const updated = (await harness.delivered('/connect')).find(
      (event) => event.type === 'account.updated' && event.account === merchant.id,
    );
    expect(updated?.data.previous_attributes).toMatchObject({ charges_enabled: false });
  });

  it('leaves the account incomplete on "Leave incomplete", and sends a used link to refresh_url', async () => {
    const account = await stripe.accounts.create({ type: 'standard', country: 'NZ' });
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://app.test/refresh',
      return_url: 'http://app.test/return',
    });
    expect(link.expires_at - link.created).toBe(300);
    await fetch(link.url);
    const left = await submitForm(link.url, { action: 'incomplete' });
    expect(left.headers.get('location')).toBe('http://app.test/return');
    expect((await stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);

    const again = await fetch(link.url, { redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('http://app.test/refresh');
  });

  it('answers an unknown account with resource_missing', async () => {
    const error = await stripe.accounts.retrieve('acct_missing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: 'resource_missing', statusCode: 404 });
  });
});

describe('Checkout as a direct charge with an application fee', () => {
  it('pays with 4242, redirects to success_url, and records PI, charge and fees on the merchant account', async () => {
    const merchant = await onboardedMerchant();
    const session = await paymentSession(merchant.id);
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2000,
    });
    expect(session.url).toBe(`${sandbox.url}/checkout/${session.id}`);

    const pageHtml = await (await fetch(session.url!)).text();
    expect(pageHtml).toContain('NZD $20.00');
    const paid = await submitForm(session.url!, {
      email: 'payer@example.com',
      name: 'Pat Payer',
      card_number: '4242 4242 4242 4242',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/paid?session=${session.id}`);

    const completed = await stripe.checkout.sessions.retrieve(
      session.id,
      { expand: ['payment_intent.latest_charge.balance_transaction', 'line_items'] },
      { stripeAccount: merchant.id },
    );
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(completed.customer_details?.email).toBe('payer@example.com');
    expect(completed.line_items?.data[0]).toMatchObject({ quantity: 1, amount_total: 2000 });
    const paymentIntent = completed.payment_intent as Stripe.PaymentIntent;
    expect(paymentIntent).toMatchObject({ status: 'succeeded', amount_received: 2000, application_fee_amount: 10 });
    expect(paymentIntent.metadata).toEqual({ linkId: 'link-1' });
    const charge = paymentIntent.latest_charge as Stripe.Charge;
    const balance = charge.balance_transaction as Stripe.BalanceTransaction;
    // 4242 is a US card: 3.7% + 30c, plus Paylink's fee, all on the merchant's balance transaction.
    expect(balance).toMatchObject({ amount: 2000, fee: 74 + 30 + 10, net: 2000 - 114 });
    expect(balance.fee_details.map((detail) => detail.type)).toEqual(['stripe_fee', 'application_fee']);
    // The receipt the payer and the merchant open ('View Receipt') is a page, as Stripe's is.
    const receipt = await fetch(charge.receipt_url!);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toMatch(/\$20\.00 paid with visa ending in 4242/);

    // The same objects read through the payment intents endpoint, and not at all without the header.
    const direct = await stripe.paymentIntents.retrieve(
      paymentIntent.id,
      { expand: ['latest_charge.balance_transaction'] },
      { stripeAccount: merchant.id },
    );
    expect(((direct.latest_charge as Stripe.Charge).balance_transaction as Stripe.BalanceTransaction).id).toBe(
      balance.id,
    );
    await expect(stripe.paymentIntents.retrieve(paymentIntent.id)).rejects.toMatchObject({ code: 'resource_missing' });

    await sandbox.settled();
    const connectEvents = (await harness.delivered('/connect')).filter((event) => event.account === merchant.id);
    const completedEvent = connectEvents.find((event) => event.type === 'checkout.session.completed');
    expect((completedEvent?.data.object as Stripe.Checkout.Session).id).toBe(session.id);
    expect(connectEvents.map((event) => event.type)).toContain('payment_intent.succeeded');
    expect((await harness.delivered('/platform')).some((event) => event.type.startsWith('checkout.'))).toBe(false);
    // A Connect event does not verify with the platform's secret.
    const raw = received.find((delivery) => delivery.path === '/connect')!;
    expect(() => stripe.webhooks.constructEvent(raw.body, raw.signature, harness.secrets['/platform'])).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    // A paid page cannot be paid twice.
    expect((await fetch(session.url!)).status).toBe(410);
  });

  it.each([
    ['4000 0000 0000 0002', 'generic_decline', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('shows the card error for %s and keeps the session open', async (cardNumber, declineCode, message) => {
    const merchant = await onboardedMerchant();
    const session = await paymentSession(merchant.id);
    const declined = await submitForm(session.url!, { email: 'p@example.com', name: 'P', card_number: cardNumber });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain(message);
    const open = await stripe.checkout.sessions.retrieve(
      session.id,
      { expand: ['payment_intent'] },
      { stripeAccount: merchant.id },
    );
    expect(open.status).toBe('open');
    expect((open.payment_intent as Stripe.PaymentIntent).last_payment_error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: declineCode,
    });
    await sandbox.settled();
    const paymentIntentId = (open.payment_intent as Stripe.PaymentIntent).id;
    const failed = (await harness.delivered('/connect')).find(
      (event) =>
        event.type === 'payment_intent.payment_failed' &&
        (event.data.object as Stripe.PaymentIntent).id === paymentIntentId,
    );
    expect((failed?.data.object as Stripe.PaymentIntent).metadata).toEqual({ linkId: 'link-1' });

    // The same session then succeeds with a good card, reusing its PaymentIntent.
    const paid = await submitForm(session.url!, { email: 'p@example.com', name: 'P', card_number: '4242424242424242' });
    expect(paid.status).toBe(303);
  });

  it('links Back to cancel_url and expires a session on request', async () => {
    const merchant = await onboardedMerchant();
    const session = await paymentSession(merchant.id);
    expect(await (await fetch(session.url!)).text()).toContain('href="http://app.test/pay/link-1"');
    const expired = await stripe.checkout.sessions.expire(session.id, {}, { stripeAccount: merchant.id });
    expect(expired.status).toBe('expired');
    expect((await fetch(session.url!)).status).toBe(410);
  });

  it('rejects what Stripe rejects, with the parameter named', async () => {
    const merchant = await onboardedMerchant();
    await expect(paymentSession(merchant.id, { unitAmount: 49, fee: 0 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_small',
    });
    await expect(paymentSession(merchant.id, { unitAmount: 1000, fee: 1001 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'payment_intent_data[application_fee_amount]',
    });
    // Without Stripe-Account the fee has nowhere to go (no direct or destination charge).
    const noAccount = await stripe.checkout.sessions
      .create({
        mode: 'payment',
        line_items: [
          { quantity: 1, price_data: { currency: 'nzd', unit_amount: 1000, product_data: { name: 'Tea' } } },
        ],
        payment_intent_data: { application_fee_amount: 5 },
        success_url: 'http://app.test/paid',
      })
      .catch((caught: unknown) => caught);
    expect(noAccount).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(noAccount).toMatchObject({ param: 'payment_intent_data[application_fee_amount]', statusCode: 400 });

    const unboarded = await stripe.accounts.create({ type: 'standard', country: 'NZ' });
    await expect(paymentSession(unboarded.id)).rejects.toMatchObject({ code: 'account_invalid' });
    await expect(paymentSession('acct_nobody')).rejects.toMatchObject({ code: 'account_invalid' });
    await expect(
      stripe.checkout.sessions.create(
        { mode: 'payment', success_url: 'http://app.test' },
        { stripeAccount: merchant.id },
      ),
    ).rejects.toMatchObject({ code: 'parameter_missing', param: 'line_items' });
  });
});

describe('idempotency', () => {
  it('replays the same response for the same key and creates nothing new', async () => {
    const merchant = await onboardedMerchant();
    const first = await paymentSession(merchant.id, {}, 'create-session-link-1');
    const second = await paymentSession(merchant.id, {}, 'create-session-link-1');
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    const third = await paymentSession(merchant.id, {}, 'create-session-link-2');
    expect(third.id).not.toBe(first.id);
    await expect(paymentSession(merchant.id, { unitAmount: 3000 }, 'create-session-link-1')).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });
});
