/**
 * What one payment costs to settle, end to end, counted where it is spent: one payment made as a payer
 * makes it (tests/bench/payment-cost.ts `settlePayment`: the page, checkout, paying on the Stripe sandbox,
 * webhooks, consumers, the success page's verify call, the receipt) against a merchant with a dashboard
 * open. The runtime's meter (infra/local/meter.ts) counts invocations by function and trigger and the bus's
 * events; the DynamoDB calls are counted at the shared client, by command. These do not vary from payment to
 * payment, so a stray read or write on the settle path fails here (`npm run bench` prices them per 1,000).
 * tests/integration/money-path-call-budget.test.ts holds the checkout request's own four calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { difference, type MeterReading } from '@infra/local/meter';
import { bootLocalRuntime, type TestRuntime } from './harness';
import { capacityBetween, meterDynamoCapacity, type CapacityReading } from '../support/dynamodb-capacity';
import { openDashboardSocket, settlePayment } from '../bench/payment-cost';
import { paymentRow } from '../support/stored-rows';

let env: TestRuntime;
let measured: { meter: MeterReading; dynamo: CapacityReading; pushes: number; paymentId: string };

/** Invocations by function and trigger, as `function ← trigger detail`. */
function invocationsOf(reading: MeterReading) {
  return Object.fromEntries(
    reading.invocations
      .map((totals) => [`${totals.functionName} ← ${totals.trigger.kind} ${totals.trigger.detail}`, totals.invocations])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

beforeAll(async () => {
  env = await bootLocalRuntime({ publicRateLimit: false });
  const capacity = meterDynamoCapacity();
  const merchant = await env.connectedMerchant();
  // A link asking a question and the phone: their answers ride on writes the payment makes anyway (#76).
  const { linkId } = await env.createLink(merchant, {
    title: 'Flat white',
    isOpenAmount: false,
    amountCents: 550,
    tipPercent: 10,
    customFields: [{ type: 'dropdown', label: 'Milk', options: ['Whole', 'Oat'] }],
    collectPhone: true,
  });
  const answers = { custom_field_field1: 'option2', phone: '021 555 0199' };
  const dashboard = await openDashboardSocket(env, merchant);
  // A first payment warms every function up (module scope, cached secrets and Stripe client), as a warm
  // Lambda would be; the second is the one counted.
  await settlePayment(env, { linkId, payerEmail: 'first.payer@example.co.nz', answers });
  await env.settle();
  const before = { meter: env.runtime.meter.read(), dynamo: capacity.read(), pushes: dashboard.received.messages };
  const { paymentId } = await settlePayment(env, { linkId, payerEmail: 'counted.payer@example.co.nz', answers });
  await env.settle();
  measured = {
    meter: difference(env.runtime.meter.read(), before.meter),
    dynamo: capacityBetween(capacity.read(), before.dynamo),
    pushes: dashboard.received.messages - before.pushes,
    paymentId,
  };
  await dashboard.close();
});
afterAll(async () => {
  await env?.stop();
});

describe('one payment settled end to end', () => {
  it('settles the payment, records its place sold, with the answers to its questions', async () => {
    const payment = await paymentRow(env, measured.paymentId);
    expect(payment.status).toBe('succeeded');
    expect(payment.placeSettled).toBe('sold');
    expect(payment.customFields).toEqual([{ key: 'field1', label: 'Milk', value: 'Oat' }]);
    expect(payment.payerPhone).toBe('+64215550199');
  });

  it('runs seven functions: four API requests, one webhook, two bus consumers', () => {
    expect(invocationsOf(measured.meter)).toEqual({
      'render-payer-page ← http GET /p/{id}': 1,
      'create-checkout ← http POST /api/checkout': 1,
      // checkout.session.completed: the only event of a card payment the Connect endpoint is subscribed to.
      'stripe-webhook ← http POST /api/webhooks/stripe-connect': 1,
      'apply-stripe-payment-event ← bus checkout.session.completed': 1,
      // The consumer's Payment Updated, pushed to the merchant's open dashboard, emailed to the merchant
      // as 'Payment received' (docs/decisions.md #93) and to the payer as the unasked receipt (#172).
      'notify-merchant ← bus Payment Updated': 1,
      'verify-checkout ← http GET /api/checkout/{sessionId}': 1,
      'send-receipt ← http POST /api/checkout/{sessionId}/receipt': 1,
    });
  });

  it("puts two events on the bus, pushes one message, sends three emails (the receipt unasked and asked, the merchant's notice)", () => {
    expect(measured.meter.busEvents).toEqual({ 'checkout.session.completed': 1, 'Payment Updated': 1 });
    expect(measured.pushes).toBe(1);
    // The bench's payer also taps Email Receipt (an upper bound): its receipt goes as well as the unasked one.
    expect(measured.meter.emailsSent).toBe(3);
  });

  it('makes 33 DynamoDB calls, none of them refused', () => {
    // GetItem: the page's link and merchant (2); checkout's link and merchant (2), and the payer's address's share
    // of the link: its record and the link's holds as stored after the place was taken (2, #168); the consumer's payment and
    // merchant (2); verify's payment and merchant (2); the receipt's payment and merchant (2); notify-merchant's
    // 'Payment received' email reads its merchant's setting (1, all it costs when the setting is off), and the
    // payer's unasked receipt its merchant (1).
    // PutItem: checkout's payment row and the address's share claimed (#168); the consumer's claim on the Stripe
    // event (events table).
    // UpdateItem: checkout's place held on the link (docs/decisions.md #58) and its session id on the payment;
    // the consumer's settle (status forward), the place sold, the day's counts (stats), the payment marked
    // counted, its receipt number taken from the merchant's counter and written on the payment with the tax
    // settings it is issued under (#65, #97), its announcement done with the place's sale recorded (#91), the
    // event claim done; the receipt's count of receipts sent; the claims of the merchant's email and of the
    // payer's unasked receipt on the payment, each answering the row itself (#93, #172). Verify finds the payment succeeded with its place sold, so it writes
    // nothing.
    // Query: notify-merchant's open connections (byMerchant); verify's and the receipt's payment by its
    // Checkout session (byCheckoutSession).
    expect(measured.dynamo.calls).toEqual({
      GetItemCommand: 14,
      PutItemCommand: 3,
      UpdateItemCommand: 13,
      QueryCommand: 3,
    });
    expect(measured.dynamo.conditionalFailures).toBe(0);
  });
});
