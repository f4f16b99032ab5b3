// The Stripe sandbox's payouts, driven by the real `stripe` SDK as Paylink's payout consumer and schedule
// drive Stripe: the day's payout of a connected account's balance (charges with Stripe's and Paylink's
// fees, a partial refund with its share of the fee returned, a dispute and its fee), its balance
// transactions by `payout=` and `type=` with Stripe's list pagination, `payout.paid` / `payout.failed` on
// the Connect endpoint, and a bank that returns the money.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '@infra/local/stripe-sandbox/server';
import { submitHostedForm } from '../support/stripe-sandbox';
import { startSandboxWithReceiver, type SandboxWithReceiver } from './support/sandbox-with-receiver';

let harness: SandboxWithReceiver;
let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  harness = await startSandboxWithReceiver('payouts');
  ({ sandbox, stripe } = harness);
});

afterAll(async () => {
  await harness?.stop();
});

async function onboardedMerchant() {
  const account = await stripe.accounts.create({ type: 'standard', country: 'NZ', email: 'shop@example.co.nz' });
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    refresh_url: 'http://app.test/refresh',
    return_url: 'http://app.test/return',
  });
  await fetch(link.url);
  expect((await submitHostedForm(link.url, { action: 'complete' })).status).toBe(303);
  return account.id;
}

async function paidCharge(account: string, amount: number, fee: number, card = '4000005540000008') {
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'nzd', unit_amount: amount, product_data: { name: 'Flat white' } } },
      ],
      payment_intent_data: { application_fee_amount: fee, metadata: { paymentId: `pay-${amount}` } },
      success_url: 'http://app.test/paid?session={CHECKOUT_SESSION_ID}',
    },
    { stripeAccount: account },
  );
  const paid = await submitHostedForm(session.url!, { email: 'payer@example.com', name: 'Pat', card_number: card });
  expect(paid.status).toBe(303);
  const completed = await stripe.checkout.sessions.retrieve(
    session.id,
    { expand: ['payment_intent.latest_charge'] },
    { stripeAccount: account },
  );
  return (completed.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge;
}

async function control(path: string, form: Record<string, string> = {}) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as { data: Stripe.Payout[] } };
}

async function allTransactions(account: string, params: Stripe.BalanceTransactionListParams) {
  const transactions: Stripe.BalanceTransaction[] = [];
  for await (const transaction of stripe.balanceTransactions.list(params, { stripeAccount: account })) {
    transactions.push(transaction);
  }
  return transactions;
}

describe('payouts and balance transactions', () => {
  it('pays out the day’s balance once, and its balance transactions add up to the payout', async () => {
    const merchant = await onboardedMerchant();
    const first = await paidCharge(merchant, 5000, 25);
    const second = await paidCharge(merchant, 2300, 12);
    await stripe.refunds.create(
      { charge: first.id, amount: 1000, refund_application_fee: true },
      { stripeAccount: merchant },
    );
    await control(`/_emu/charges/${second.id}/dispute`, { reason: 'fraudulent' });

    const run = await control('/_emu/payouts/run', { account: merchant });
    expect(run.status).toBe(200);
    expect(run.body.data).toHaveLength(1);
    const payoutId = run.body.data[0]!.id;

    const payout = await stripe.payouts.retrieve(payoutId, {}, { stripeAccount: merchant });
    expect(payout).toMatchObject({ object: 'payout', status: 'paid', currency: 'nzd', automatic: true });
    expect(payout.arrival_date).toBeGreaterThan(payout.created);

    // As in Stripe, an automatic payout's list holds its own withdrawal (type payout) beside what it paid.
    const listed = await allTransactions(merchant, { payout: payoutId, limit: 2 });
    expect(listed.map((line) => line.type).sort()).toEqual(
      ['adjustment', 'application_fee_refund', 'charge', 'charge', 'payout', 'refund'].sort(),
    );
    expect(listed.reduce((sum, line) => sum + line.net, 0)).toBe(0);
    const lines = listed.filter((line) => line.type !== 'payout');
    for (const line of lines) {
      expect((line as unknown as { payout: string }).payout).toBe(payoutId);
      expect(line.net).toBe(line.amount - line.fee);
      expect(line.fee).toBe(line.fee_details.reduce((sum, detail) => sum + detail.amount, 0));
    }
    expect(lines.reduce((sum, line) => sum + line.net, 0)).toBe(payout.amount);
    const charge = lines.find((line) => line.source === first.id)!;
    expect(charge.fee_details.map((detail) => detail.type).sort()).toEqual(['application_fee', 'stripe_fee']);
    // 10 of 50 dollars refunded returns a fifth of Paylink's 25c fee.
    expect(lines.find((line) => line.type === 'application_fee_refund')?.amount).toBe(5);

    // Paylink's consumer reads each line's source expanded (a charge's or refund's metadata names the payment).
    const expanded = await allTransactions(merchant, { payout: payoutId, expand: ['data.source'] });
    expect(expanded.map((line) => (line.source as { object: string }).object).sort()).toEqual(
      ['charge', 'charge', 'dispute', 'fee_refund', 'payout', 'refund'].sort(),
    );

    // The payout's own withdrawal is a balance transaction too, found by type.
    const withdrawals = await allTransactions(merchant, { type: 'payout' });
    expect(withdrawals.map((line) => [line.source, line.amount])).toEqual([[payoutId, -payout.amount]]);

    // Nothing left to pay: a second run makes no payout.
    expect((await control('/_emu/payouts/run', { account: merchant })).body.data).toEqual([]);
    const payouts = await stripe.payouts.list({ limit: 10 }, { stripeAccount: merchant });
    expect(payouts.data.map((item) => item.id)).toEqual([payoutId]);

    const events = (await harness.delivered('/connect')).filter((event) => event.type.startsWith('payout.'));
    expect(events.map((event) => [event.type, event.account])).toEqual([
      ['payout.created', merchant],
      ['payout.paid', merchant],
    ]);
  });

  it('lists pages newest first, and refuses what Stripe refuses', async () => {
    const merchant = await onboardedMerchant();
    for (const amount of [1000, 1100, 1200]) await paidCharge(merchant, amount, 5);
    const page = await stripe.balanceTransactions.list({ type: 'charge', limit: 2 }, { stripeAccount: merchant });
    expect(page.data).toHaveLength(2);
    expect(page.has_more).toBe(true);
    const next = await stripe.balanceTransactions.list(
      { type: 'charge', limit: 2, starting_after: page.data[1]!.id },
      { stripeAccount: merchant },
    );
    expect(next.data.map((line) => line.amount)).toEqual([1000]);
    expect(next.has_more).toBe(false);
    expect(page.data.map((line) => line.amount)).toEqual([1200, 1100]);

    const expanded = await stripe.balanceTransactions.list(
      { type: 'charge', limit: 1, expand: ['data.source'] },
      { stripeAccount: merchant },
    );
    expect((expanded.data[0]!.source as Stripe.Charge).object).toBe('charge');

    await expect(stripe.payouts.retrieve('po_missing', {}, { stripeAccount: merchant })).rejects.toMatchObject({
      code: 'resource_missing',
    });
    await expect(
      stripe.balanceTransactions.list({ payout: 'po_missing' }, { stripeAccount: merchant }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'payout' });
  });

  it('a payout the bank returns is payout.failed, and its money goes out with the next payout', async () => {
    const merchant = await onboardedMerchant();
    await paidCharge(merchant, 4000, 20);
    const failed = await control('/_emu/payouts/run', { account: merchant, fail: 'true' });
    const payout = await stripe.payouts.retrieve(failed.body.data[0]!.id, {}, { stripeAccount: merchant });
    expect(payout).toMatchObject({ status: 'failed', failure_code: 'account_closed' });
    const returned = await stripe.balanceTransactions.retrieve(
      payout.failure_balance_transaction as string,
      {},
      { stripeAccount: merchant },
    );
    expect(returned).toMatchObject({ type: 'payout_failure', amount: payout.amount });

    const retried = await control('/_emu/payouts/run', { account: merchant });
    expect(retried.body.data[0]!.amount).toBe(payout.amount);
    const events = (await harness.delivered('/connect')).filter(
      (event) => event.account === merchant && event.type.startsWith('payout.'),
    );
    expect(events.map((event) => event.type)).toEqual([
      'payout.created',
      'payout.failed',
      'payout.created',
      'payout.paid',
    ]);
  });

  it('seeds a busy payout: thousands of charges in one payout, listed a page at a time, newest first', async () => {
    const merchant = await onboardedMerchant();
    const seeded = await control('/_emu/balance_transactions/seed', {
      account: merchant,
      count: '2500',
      amount: '1000',
      application_fee: '20',
      payment_id_prefix: 'pay',
    });
    expect(seeded.status).toBe(200);
    const run = await control('/_emu/payouts/run', { account: merchant });
    const payout = run.body.data[0]!;
    // Each charge nets 1000 less Stripe's 27 + 30 and Paylink's 20.
    expect(payout.amount).toBe(2500 * (1000 - 57 - 20));

    const first = await stripe.balanceTransactions.list(
      { payout: payout.id, limit: 100, expand: ['data.source'] },
      { stripeAccount: merchant },
    );
    expect(first.has_more).toBe(true);
    // The payout's own withdrawal (newest), then the newest charge, which names the last payment seeded.
    expect(first.data[0]).toMatchObject({ type: 'payout', source: { id: payout.id } });
    expect(first.data[1]!.source).toMatchObject({ object: 'charge', metadata: { paymentId: 'pay002499' } });
    expect(first.data[1]!.fee_details.map((detail) => [detail.type, detail.amount])).toEqual([
      ['stripe_fee', 57],
      ['application_fee', 20],
    ]);
    const all = await allTransactions(merchant, { payout: payout.id, limit: 100 });
    expect(all).toHaveLength(2501);
    expect(all.filter((transaction) => transaction.type === 'charge')).toHaveLength(2500);
    expect(all.reduce((sum, transaction) => sum + transaction.net, 0)).toBe(0);

    const tooMany = await control('/_emu/balance_transactions/seed', { account: merchant, count: '50001' });
    expect(tooMany.status).toBe(400);
  });
});
