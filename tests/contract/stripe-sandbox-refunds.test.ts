// The Stripe sandbox's refunds and disputes, driven by the real `stripe` SDK as Paylink's refund route and
// event consumers drive Stripe: refunds on the connected account (full, partial, with the application fee
// in proportion), Stripe's refusals, idempotent retries, signed Connect events, a refund that fails later,
// and disputes opened and closed through the sandbox's test controls.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '@infra/local/stripe-sandbox/server';
import { submitHostedForm } from '../support/stripe-sandbox';
import { startSandboxWithReceiver, type SandboxWithReceiver } from './support/sandbox-with-receiver';

let harness: SandboxWithReceiver;
let sandbox: StripeSandbox;
let stripe: Stripe;
let merchant: string;

beforeAll(async () => {
  harness = await startSandboxWithReceiver('refunds');
  ({ sandbox, stripe } = harness);
  merchant = await onboardedMerchant();
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

/** A paid direct charge on `account`: its payment intent, expanded to the charge. */
async function paidIntent(amount: number, fee: number, card = '4242424242424242', account = merchant) {
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'nzd', unit_amount: amount, product_data: { name: 'Flat white' } } },
      ],
      payment_intent_data: { application_fee_amount: fee, metadata: { linkId: 'link-r' } },
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
  const intent = completed.payment_intent as Stripe.PaymentIntent;
  return { intent, charge: intent.latest_charge as Stripe.Charge };
}

function charge(id: string) {
  return stripe.charges.retrieve(id, { expand: ['refunds'] }, { stripeAccount: merchant });
}

function applicationFee(id: string) {
  return stripe.applicationFees.retrieve(id);
}

/** A sandbox test control (not Stripe's API): form-encoded POST, JSON answer. */
async function control(path: string, form: Record<string, string> = {}) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const objectId = (event: Stripe.Event) => (event.data.object as { id: string }).id;
const refundError = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );

describe('refunds', () => {
  it('refunds a payment intent in full by default, returns the whole application fee, and refuses a second refund', async () => {
    const { intent, charge: paid } = await paidIntent(2000, 100);
    expect(paid).toMatchObject({ amount_refunded: 0, refunded: false, disputed: false });
    expect(paid.application_fee).toMatch(/^fee_/);

    const refund = await stripe.refunds.create(
      { payment_intent: intent.id, refund_application_fee: true, reason: 'requested_by_customer' },
      { stripeAccount: merchant },
    );
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 2000,
      currency: 'nzd',
      status: 'succeeded',
      charge: paid.id,
      payment_intent: intent.id,
      reason: 'requested_by_customer',
    });
    expect(refund.id).toMatch(/^re_/);
    const refunded = await charge(paid.id);
    expect(refunded).toMatchObject({ amount_refunded: 2000, refunded: true });
    expect(refunded.refunds?.data.map((item) => item.id)).toEqual([refund.id]);
    // Without expand, a charge carries no refunds list (API versions since 2022-11-15).
    expect((await stripe.charges.retrieve(paid.id, {}, { stripeAccount: merchant })).refunds).toBeUndefined();
    const latest = await stripe.paymentIntents.retrieve(
      intent.id,
      { expand: ['latest_charge'] },
      { stripeAccount: merchant },
    );
    expect(latest.latest_charge).toMatchObject({ amount_refunded: 2000, refunded: true });
    expect(await applicationFee(paid.application_fee as string)).toMatchObject({
      amount: 100,
      amount_refunded: 100,
      refunded: true,
    });
    const balance = await stripe.balanceTransactions.retrieve(
      refund.balance_transaction as string,
      {},
      { stripeAccount: merchant },
    );
    expect(balance).toMatchObject({ type: 'refund', amount: -2000, net: -2000 });

    const again = await refundError(
      stripe.refunds.create({ payment_intent: intent.id, amount: 1 }, { stripeAccount: merchant }),
    );
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again).toMatchObject({
      statusCode: 400,
      code: 'charge_already_refunded',
      message: `Charge ${paid.id} has already been refunded.`,
    });
  });

  it('refunds in parts by charge, returns the fee in proportion, refuses more than remains, and lists the refunds', async () => {
    const { intent, charge: paid } = await paidIntent(2000, 100);
    const first = await stripe.refunds.create(
      {
        charge: paid.id,
        amount: 500,
        reason: 'duplicate',
        refund_application_fee: true,
        metadata: { paymentId: 'pay_1' },
      },
      { stripeAccount: merchant },
    );
    expect(first).toMatchObject({ amount: 500, reason: 'duplicate', metadata: { paymentId: 'pay_1' } });
    expect(await charge(paid.id)).toMatchObject({ amount_refunded: 500, refunded: false });
    expect((await applicationFee(paid.application_fee as string)).amount_refunded).toBe(25);

    const tooMuch = await refundError(
      stripe.refunds.create({ payment_intent: intent.id, amount: 1501 }, { stripeAccount: merchant }),
    );
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({
      statusCode: 400,
      code: 'amount_too_large',
      param: 'amount',
      message: 'Refund amount ($15.01) is greater than unrefunded amount on charge ($15.00)',
    });
    expect((await charge(paid.id)).amount_refunded).toBe(500);

    // The rest, with no amount: what remains, and the rest of the fee so the parts add up to it.
    const rest = await stripe.refunds.create(
      { payment_intent: intent.id, refund_application_fee: true },
      { stripeAccount: merchant },
    );
    expect(rest.amount).toBe(1500);
    expect(await charge(paid.id)).toMatchObject({ amount_refunded: 2000, refunded: true });
    expect(await applicationFee(paid.application_fee as string)).toMatchObject({
      amount_refunded: 100,
      refunded: true,
    });

    const byIntent = await stripe.refunds.list({ payment_intent: intent.id }, { stripeAccount: merchant });
    expect(byIntent.data.map((refund) => refund.id)).toEqual([rest.id, first.id]);
    const paged = await stripe.refunds
      .list({ charge: paid.id, limit: 1 }, { stripeAccount: merchant })
      .autoPagingToArray({ limit: 10 });
    expect(paged.map((refund) => refund.id)).toEqual([rest.id, first.id]);
    expect((await stripe.refunds.retrieve(first.id, {}, { stripeAccount: merchant })).amount).toBe(500);
  });

  it('does not refund without the fee unless asked, and refuses a bad amount, an unknown or another account’s payment', async () => {
    const { intent, charge: paid } = await paidIntent(1000, 50);
    await stripe.refunds.create({ payment_intent: intent.id, amount: 400 }, { stripeAccount: merchant });
    expect((await applicationFee(paid.application_fee as string)).amount_refunded).toBe(0);

    const overCharge = await refundError(
      stripe.refunds.create({ charge: paid.id, amount: 5000 }, { stripeAccount: merchant }),
    );
    expect(overCharge).toMatchObject({ code: 'amount_too_large' });
    await expect(
      stripe.refunds.create({ charge: paid.id, amount: 0 }, { stripeAccount: merchant }),
    ).rejects.toMatchObject({ param: 'amount', statusCode: 400 });
    await expect(
      stripe.refunds.create({ payment_intent: 'pi_missing' }, { stripeAccount: merchant }),
    ).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
      message: "No such payment_intent: 'pi_missing'",
    });
    await expect(stripe.refunds.create({}, { stripeAccount: merchant })).rejects.toMatchObject({
      code: 'parameter_missing',
    });
    // A direct charge lives on its connected account: from the platform, or another merchant, it does not exist.
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      code: 'resource_missing',
    });
    const other = await onboardedMerchant();
    await expect(stripe.refunds.create({ charge: paid.id }, { stripeAccount: other })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'charge',
    });
    expect((await charge(paid.id)).amount_refunded).toBe(400);
  });

  it('answers a retry with the same idempotency key with the same refund, refunding once', async () => {
    const { intent, charge: paid } = await paidIntent(3000, 150);
    const params = { payment_intent: intent.id, amount: 1000, refund_application_fee: true };
    const options = { stripeAccount: merchant, idempotencyKey: 'refund-pay_1-dialog-1' };
    const first = await stripe.refunds.create(params, options);
    const retry = await stripe.refunds.create(params, options);
    expect(retry.id).toBe(first.id);
    expect(retry.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await charge(paid.id)).amount_refunded).toBe(1000);
    expect((await stripe.refunds.list({ payment_intent: intent.id }, { stripeAccount: merchant })).data).toHaveLength(
      1,
    );
    await expect(stripe.refunds.create({ ...params, amount: 999 }, options)).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
    expect((await charge(paid.id)).amount_refunded).toBe(1000);
  });

  it('sends charge.refunded and refund.created, signed, to the Connect endpoint with the account; the fee refund to the platform', async () => {
    const { charge: paid } = await paidIntent(1200, 60);
    const refund = await stripe.refunds.create(
      { charge: paid.id, amount: 300, refund_application_fee: true },
      { stripeAccount: merchant },
    );
    const connect = (await harness.delivered('/connect')).filter(
      (event) => objectId(event) === paid.id || objectId(event) === refund.id,
    );
    expect(connect.map((event) => event.type)).toEqual(['charge.refunded', 'refund.created']);
    for (const event of connect) expect(event.account).toBe(merchant);
    expect(connect[0]!.data.object).toMatchObject({ id: paid.id, amount_refunded: 300, refunded: false });
    expect(connect[0]!.data.previous_attributes).toEqual({ amount_refunded: 0, refunded: false });
    expect(connect[1]!.data.object).toMatchObject({ id: refund.id, amount: 300, status: 'succeeded' });

    const platform = (await harness.delivered('/platform')).filter(
      (event) => event.type === 'application_fee.refunded' && objectId(event) === paid.application_fee,
    );
    expect(platform).toHaveLength(1);
    expect(platform[0]!.account).toBeUndefined();
    expect(platform[0]!.data.object).toMatchObject({ amount: 60, amount_refunded: 15 });
  });

  it('a refund that fails later gives its amount back to the charge and says so in refund.updated and refund.failed', async () => {
    const { intent, charge: paid } = await paidIntent(1200, 60);
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 700 }, { stripeAccount: merchant });
    const failed = await control(`/_emu/refunds/${refund.id}/fail`, { failure_reason: 'expired_or_canceled_card' });
    expect(failed).toMatchObject({ status: 200, body: { id: refund.id, status: 'failed' } });

    const after = await stripe.refunds.retrieve(refund.id, {}, { stripeAccount: merchant });
    expect(after).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card', amount: 700 });
    expect(after.failure_balance_transaction).toMatch(/^txn_/);
    expect(await charge(paid.id)).toMatchObject({ amount_refunded: 0, refunded: false });

    const events = (await harness.delivered('/connect')).filter((event) => objectId(event) === refund.id);
    expect(events.map((event) => event.type)).toEqual([
      'refund.created',
      'refund.updated',
      'charge.refund.updated',
      'refund.failed',
    ]);
    const updated = events[1]!;
    expect(updated.account).toBe(merchant);
    expect(updated.data.object).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
    expect(updated.data.previous_attributes).toEqual({ status: 'succeeded' });

    // The whole charge is refundable again; a failed refund cannot fail twice.
    expect((await stripe.refunds.create({ charge: paid.id }, { stripeAccount: merchant })).amount).toBe(1200);
    expect((await control(`/_emu/refunds/${refund.id}/fail`)).status).toBe(400);
    expect((await control('/_emu/refunds/re_missing/fail')).status).toBe(404);
  });
});

describe('disputes', () => {
  it('opens a dispute on a charge (charge.dispute.created), refuses refunds, and closes it as lost (charge.dispute.closed)', async () => {
    const { intent, charge: paid } = await paidIntent(3000, 150);
    const opened = await control(`/_emu/charges/${paid.id}/dispute`, { reason: 'fraudulent' });
    expect(opened.status).toBe(200);
    const disputeId = opened.body.id as string;
    expect(disputeId).toMatch(/^dp_/);

    const dispute = await stripe.disputes.retrieve(disputeId, {}, { stripeAccount: merchant });
    expect(dispute).toMatchObject({
      object: 'dispute',
      amount: 3000,
      currency: 'nzd',
      reason: 'fraudulent',
      status: 'needs_response',
      charge: paid.id,
      payment_intent: intent.id,
      is_charge_refundable: false,
    });
    const dueIn = dispute.evidence_details.due_by! - dispute.created;
    expect(dueIn).toBe(7 * 86_400);
    expect(dispute.balance_transactions[0]).toMatchObject({ amount: -3000, fee: 2500, net: -5500 });
    expect((await charge(paid.id)).disputed).toBe(true);
    await expect(stripe.disputes.retrieve(disputeId)).rejects.toMatchObject({ code: 'resource_missing' });
    expect(
      (await stripe.disputes.list({ payment_intent: intent.id }, { stripeAccount: merchant })).data.map((d) => d.id),
    ).toEqual([disputeId]);

    const refused = await refundError(
      stripe.refunds.create({ payment_intent: intent.id, amount: 100 }, { stripeAccount: merchant }),
    );
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({
      code: 'charge_disputed',
      message: `Charge ${paid.id} has been charged back; cannot issue a refund.`,
    });
    expect((await control(`/_emu/charges/${paid.id}/dispute`)).status).toBe(400);

    const closed = await control(`/_emu/disputes/${disputeId}/close`, { status: 'lost' });
    expect(closed).toMatchObject({ status: 200, body: { id: disputeId, status: 'lost' } });
    expect((await control(`/_emu/disputes/${disputeId}/close`, { status: 'won' })).status).toBe(400);
    await expect(
      stripe.refunds.create({ payment_intent: intent.id }, { stripeAccount: merchant }),
    ).rejects.toMatchObject({ code: 'charge_disputed' });

    const events = (await harness.delivered('/connect')).filter((event) => objectId(event) === disputeId);
    expect(events.map((event) => event.type)).toEqual([
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
      'charge.dispute.closed',
    ]);
    for (const event of events) expect(event.account).toBe(merchant);
    expect(events[0]!.data.object).toMatchObject({ status: 'needs_response', amount: 3000, payment_intent: intent.id });
    expect(events[2]!.data.object).toMatchObject({ status: 'lost' });
    expect(events[2]!.data.previous_attributes).toEqual({ status: 'needs_response' });
  });

  it('a dispute won gives back the amount and fee and allows refunds again; the merchant may accept one (lost)', async () => {
    const { intent, charge: paid } = await paidIntent(1500, 75);
    const opened = await control(`/_emu/charges/${paid.id}/dispute`, {
      reason: 'product_not_received',
      amount: '1000',
    });
    const disputeId = opened.body.id as string;
    expect(opened.body).toMatchObject({ amount: 1000, reason: 'product_not_received' });
    expect((await control(`/_emu/disputes/${disputeId}/close`, { status: 'won' })).body).toMatchObject({
      status: 'won',
    });
    const won = await stripe.disputes.retrieve(disputeId, {}, { stripeAccount: merchant });
    expect(won.balance_transactions.map((txn) => txn.net)).toEqual([-3500, 3500]);
    const events = (await harness.delivered('/connect')).filter((event) => objectId(event) === disputeId);
    expect(events.map((event) => event.type)).toEqual([
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
      'charge.dispute.closed',
      'charge.dispute.funds_reinstated',
    ]);
    expect((await stripe.refunds.create({ payment_intent: intent.id }, { stripeAccount: merchant })).amount).toBe(1500);

    const second = await paidIntent(1500, 75);
    const another = await control(`/_emu/charges/${second.charge.id}/dispute`);
    expect(another.body).toMatchObject({ reason: 'fraudulent', amount: 1500 });
    const accepted = await stripe.disputes.close(another.body.id as string, {}, { stripeAccount: merchant });
    expect(accepted.status).toBe('lost');
    expect((await control(`/_emu/disputes/${String(another.body.id)}/close`, { status: 'bogus' })).status).toBe(400);
    expect((await control('/_emu/charges/ch_missing/dispute')).status).toBe(404);
  });

  it('Stripe’s test card 4000 0000 0000 0259 pays, then is disputed as fraudulent', async () => {
    const { charge: paid } = await paidIntent(2500, 125, '4000 0000 0000 0259');
    expect(paid).toMatchObject({ status: 'succeeded', disputed: true });
    const [dispute] = (await stripe.disputes.list({ charge: paid.id }, { stripeAccount: merchant })).data;
    expect(dispute).toMatchObject({ reason: 'fraudulent', status: 'needs_response', amount: 2500 });
  });
});

describe('the sandbox’s pages', () => {
  it('the dashboard page shows the refunds and the dispute; the receipt shows what was refunded', async () => {
    const { intent, charge: paid } = await paidIntent(2000, 100);
    const refund = await stripe.refunds.create(
      { payment_intent: intent.id, amount: 500, reason: 'requested_by_customer' },
      { stripeAccount: merchant },
    );
    const opened = await control(`/_emu/charges/${paid.id}/dispute`, { reason: 'fraudulent' });

    const dashboard = await (await fetch(`${sandbox.url}/dashboard/payments/${intent.id}`)).text();
    expect(dashboard).toContain(refund.id);
    expect(dashboard).toContain('Refunded: <strong>NZD $5.00</strong> (partially refunded)');
    expect(dashboard).toMatch(/NZD \$15\.00 disputed as fraudulent: <strong>needs_response<\/strong>, evidence due by/);
    expect(dashboard).toContain(String(opened.body.id));

    const receipt = await (await fetch(paid.receipt_url!)).text();
    expect(receipt).toMatch(/NZD \$20\.00 paid with visa ending in 4242/);
    expect(receipt).toContain('Refunded NZD $5.00 on');
    expect(receipt).toContain('Total refunded: <strong>NZD $5.00</strong>');
  });
});
