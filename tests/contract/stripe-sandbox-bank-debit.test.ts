// The Stripe sandbox's New Zealand bank debit (`nz_bank_account`), driven by the real `stripe` SDK: Checkout
// completes unpaid with the debit processing, as Stripe runs a delayed notification method
// (https://docs.stripe.com/payments/nz-bank-account), until the test answers for the bank — succeeded (the
// session becomes paid, `checkout.session.async_payment_succeeded`) or failed (the session stays complete and
// unpaid, `checkout.session.async_payment_failed`, the payment intent back to `requires_payment_method`).
import type Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payByBankDebitOnHostedCheckout, submitHostedForm } from '../support/stripe-sandbox';
import { startSandboxWithReceiver, type SandboxWithReceiver } from './support/sandbox-with-receiver';

let harness: SandboxWithReceiver;
let stripe: Stripe;
let account: string;

beforeAll(async () => {
  harness = await startSandboxWithReceiver('bank-debit');
  stripe = harness.stripe;
  account = (await stripe.accounts.create({ type: 'standard', country: 'NZ', email: 'tours@example.co.nz' })).id;
  // Onboarded on the hosted page, so the account can take payments.
  const link = await stripe.accountLinks.create({
    account,
    type: 'account_onboarding',
    refresh_url: 'http://app.test/refresh',
    return_url: 'http://app.test/return',
  });
  expect((await fetch(link.url)).status).toBe(200);
  expect((await submitHostedForm(link.url, { action: 'complete' })).status).toBe(303);
});
afterAll(async () => {
  await harness?.stop();
});

const onAccount = () => ({ stripeAccount: account });

async function paidByBankDebit() {
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'nzd', unit_amount: 120_00, product_data: { name: 'Kayak tour' } } },
      ],
      payment_intent_data: { application_fee_amount: 60, metadata: { paymentId: 'pay-1' } },
      metadata: { paymentId: 'pay-1' },
      success_url: 'http://app.test/paid?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/cancel',
    },
    onAccount(),
  );
  const paid = await payByBankDebitOnHostedCheckout(session.url!);
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(`http://app.test/paid?session_id=${session.id}`);
  return stripe.checkout.sessions.retrieve(session.id, {}, onAccount());
}

const answer = (paymentIntentId: string, outcome: string) =>
  submitHostedForm(`${harness.sandbox.url}/_emu/payment_intents/${paymentIntentId}/debit`, { outcome });

const eventsAbout = (sessionId: string) =>
  harness.sandbox
    .events()
    .filter((event) => (event.data.object as { id?: string }).id === sessionId)
    .map((event) => event.type);

it('completes Checkout unpaid with the debit processing, then succeeds when the bank says so', async () => {
  const session = await paidByBankDebit();
  expect(session).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
  const processing = await stripe.paymentIntents.retrieve(
    session.payment_intent as string,
    { expand: ['latest_charge.balance_transaction'] },
    onAccount(),
  );
  const charge = processing.latest_charge as Stripe.Charge;
  expect(processing.status).toBe('processing');
  expect(charge).toMatchObject({ paid: false, status: 'pending', balance_transaction: null });
  expect(charge.payment_method_details).toMatchObject({
    type: 'nz_bank_account',
    nz_bank_account: { bank_code: '01', branch_code: '0123', last4: '3456', suffix: '00' },
  });
  await harness.sandbox.settled();
  expect(eventsAbout(session.id)).toEqual(['checkout.session.completed']);

  expect((await answer(processing.id, 'succeeded')).status).toBe(200);
  const paid = await stripe.checkout.sessions.retrieve(session.id, {}, onAccount());
  expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
  const succeeded = await stripe.paymentIntents.retrieve(
    processing.id,
    { expand: ['latest_charge.balance_transaction'] },
    onAccount(),
  );
  expect(succeeded).toMatchObject({ status: 'succeeded', amount_received: 120_00 });
  const balance = (succeeded.latest_charge as Stripe.Charge).balance_transaction as Stripe.BalanceTransaction;
  expect(balance.fee_details.map((fee) => fee.type).sort()).toEqual(['application_fee', 'stripe_fee']);
  expect(eventsAbout(session.id)).toEqual(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
  // The bank answers once.
  expect((await answer(processing.id, 'failed')).status).toBe(400);
});

it('fails when the bank says so: the session stays complete and unpaid, only the payment intent tells', async () => {
  const session = await paidByBankDebit();
  const paymentIntentId = session.payment_intent as string;
  expect((await answer(paymentIntentId, 'later')).status).toBe(400);
  expect((await answer(paymentIntentId, 'failed')).status).toBe(200);
  expect(await stripe.checkout.sessions.retrieve(session.id, {}, onAccount())).toMatchObject({
    status: 'complete',
    payment_status: 'unpaid',
  });
  const failed = await stripe.paymentIntents.retrieve(paymentIntentId, {}, onAccount());
  expect(failed.status).toBe('requires_payment_method');
  expect(failed.last_payment_error?.message).toBe('The debit was returned.');
  expect(eventsAbout(session.id)).toEqual(['checkout.session.completed', 'checkout.session.async_payment_failed']);
});

it('refuses a malformed account number on the page and charges nothing', async () => {
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'nzd', unit_amount: 500, product_data: { name: 'Tea' } } }],
      success_url: 'http://app.test/paid',
      cancel_url: 'http://app.test/cancel',
    },
    onAccount(),
  );
  const refused = await submitHostedForm(session.url!, {
    email: 'payer@example.co.nz',
    name: 'Mere Paki',
    payment_method: 'nz_bank_account',
    bank_account: '12345',
  });
  expect(refused.status).toBe(402);
  expect(await refused.text()).toContain('Enter a New Zealand bank account number');
  expect(await stripe.checkout.sessions.retrieve(session.id, {}, onAccount())).toMatchObject({ status: 'open' });
});
