/**
 * The holes a review found in the money path, each shown closed on the real local runtime: an event whose
 * consumer was killed after claiming it, hostile input (malformed paths, bodies that are not events, a
 * signature from the future, oversized ids, malformed bus details), Stripe failures answered in the
 * product's words, and where an event came from (endpoint and mode) deciding whether it counts.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { paymentLinkSchema } from '@shared/contracts/payment-links';
import { catalog } from '@functions/catalog';
import { telemetry } from '@functions/adapters/observability';
import { workClaimStore } from '@functions/adapters/one-time-record-store';
import { oncePerEvent } from '@functions/domain/stripe-events';
import { submitHostedForm } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
/** A trial merchant with Stripe connected: can take payments. */
let merchant: TestMerchant;
let accountId: string;

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
  accountId = (await merchantRow(merchant.sub)).stripeAccountId as string;
});
afterAll(async () => {
  await env?.stop();
});

async function merchantRow(merchantId: string) {
  const { Item } = await env.documents.send(
    new GetCommand({ TableName: env.runtime.dynamo.tableNames.merchants, Key: { merchantId } }),
  );
  return Item!;
}

async function paymentRow(paymentId: string) {
  const { Item } = await env.documents.send(
    new GetCommand({ TableName: env.runtime.dynamo.tableNames.payments, Key: { paymentId } }),
  );
  return Item!;
}

async function setAttribute(table: 'merchants' | 'links', key: Record<string, string>, name: string, value: unknown) {
  await env.documents.send(
    new UpdateCommand({
      TableName: env.runtime.dynamo.tableNames[table],
      Key: key,
      UpdateExpression: 'SET #name = :value',
      ExpressionAttributeNames: { '#name': name },
      ExpressionAttributeValues: { ':value': value },
    }),
  );
}

function send(path: string, method: string, body: unknown, token?: string) {
  return env.api(path, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function createLink(owner: TestMerchant) {
  const response = await send(
    '/api/me/links',
    'POST',
    { title: 'Flat white', description: 'Double shot', isOpenAmount: false, amountCents: 550, tipPercent: 0 },
    owner.accessToken,
  );
  expect(response.status).toBe(201);
  return paymentLinkSchema.parse(await response.json());
}

/** A pending payment with its Checkout session on the merchant's account. */
async function pendingPayment() {
  const link = await createLink(merchant);
  const response = await send('/api/checkout', 'POST', { linkId: link.linkId, tip: 'none' });
  expect(response.status).toBe(200);
  const { paymentId } = checkoutResponseSchema.parse(await response.json());
  const { checkoutSessionId } = await paymentRow(paymentId);
  return { paymentId, sessionId: checkoutSessionId as string };
}

/** A checkout.session.completed exactly as Stripe would send it for this payment (paid on the merchant's account). */
function completedEvent(payment: { paymentId: string; sessionId: string }, id: string) {
  return {
    id,
    object: 'event',
    type: 'checkout.session.completed',
    account: accountId,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: payment.sessionId,
        object: 'checkout.session',
        status: 'complete',
        payment_status: 'paid',
        amount_total: 550,
        currency: 'nzd',
        metadata: { paymentId: payment.paymentId },
        customer_details: { name: 'Rawiri Payer', email: 'payer@example.co.nz' },
        payment_intent: null,
      },
    },
  };
}

const toConnect = (event: object) =>
  env.deliverSignedWebhook('/api/webhooks/stripe-connect', JSON.stringify(event), 'stripe-connect-webhook-secret');
const toPlatform = (event: object) =>
  env.deliverSignedWebhook('/api/webhooks/stripe', JSON.stringify(event), 'stripe-webhook-secret');

describe('exactly once survives a crash', () => {
  it('a consumer killed after claiming an event: the retry after its lease does the work; a retry inside the lease does not', async () => {
    // Killed inside its 30 s run, a minute ago: the claim is there, the work never finished.
    const crashed = await pendingPayment();
    const crashedEvent = completedEvent(crashed, `evt_crashed_${crashed.paymentId}`);
    void oncePerEvent(
      {
        consumer: 'payment',
        eventId: crashedEvent.id,
        claims: workClaimStore,
        telemetry,
        now: new Date(Date.now() - 60_000),
      },
      () => new Promise(() => {}),
    );
    // Still running (claimed just now): the redelivery must not do the work a second time beside it.
    const running = await pendingPayment();
    const runningEvent = completedEvent(running, `evt_running_${running.paymentId}`);
    void oncePerEvent(
      { consumer: 'payment', eventId: runningEvent.id, claims: workClaimStore, telemetry, now: new Date() },
      () => new Promise(() => {}),
    );
    await new Promise((resolve) => setTimeout(resolve, 300)); // the claims are written

    expect((await toConnect(crashedEvent)).status).toBe(200);
    expect((await toConnect(runningEvent)).status).toBe(200);
    await env.settle();
    expect((await paymentRow(crashed.paymentId)).status).toBe('succeeded');
    expect((await paymentRow(running.paymentId)).status).toBe('open');
  });
});

describe('every input parsed', () => {
  it('a path with malformed percent-encoding is a clean 400, never a 500', async () => {
    for (const [method, path] of [
      ['GET', '/api/links/%ZZ'],
      ['GET', '/api/checkout/cs_%E0%A4%A'],
      ['POST', '/api/payments/pay_%ZZ/cancel'],
      ['PATCH', '/api/me/links/%ZZ'],
    ] as const) {
      const response = await env.api(path, {
        method,
        token: merchant.accessToken,
        headers: { 'content-type': 'application/json' },
        ...(method !== 'GET' && { body: JSON.stringify({ isActive: false }) }),
      });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_path', message: expect.any(String) });
    }
  });

  it('a correctly signed body that is not an event is a 400 and puts nothing on the bus', async () => {
    const deliveriesBefore = env.runtime.bus.deliveries.length;
    const deep = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    for (const body of ['null', '[]', '[{"id":"evt_1","type":"account.updated"}]', '"evt"', deep]) {
      const response = await env.deliverSignedWebhook('/api/webhooks/stripe', body, 'stripe-webhook-secret');
      expect(response.status, body.slice(0, 40)).toBe(400);
    }
    await env.runtime.bus.settled();
    expect(env.runtime.bus.deliveries.length).toBe(deliveriesBefore);
  });

  it('an event signed 10 minutes in the future is refused', async () => {
    const event = {
      id: 'evt_from_the_future',
      object: 'event',
      type: 'account.updated',
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      account: 'acct_not_ours',
      data: { object: { id: 'acct_not_ours', object: 'account' } },
    };
    const future = await env.deliverSignedWebhook(
      '/api/webhooks/stripe-connect',
      JSON.stringify(event),
      'stripe-connect-webhook-secret',
      Math.floor(Date.now() / 1000) + 600,
    );
    expect(future.status).toBe(400);
    // Within Stripe's 300 s both ways is still accepted (clocks differ a little).
    const slightlyAhead = await env.deliverSignedWebhook(
      '/api/webhooks/stripe-connect',
      JSON.stringify(event),
      'stripe-connect-webhook-secret',
      Math.floor(Date.now() / 1000) + 60,
    );
    expect(slightlyAhead.status).toBe(200);
  });

  it('a 5,000-character session id is a 404 / 400, not a 500', async () => {
    const huge = `cs_${'a'.repeat(4_997)}`;
    expect((await env.api(`/api/checkout/${huge}`)).status).toBe(404);
    const receipt = await send(`/api/checkout/${huge}/receipt`, 'POST', { email: 'payer@example.co.nz' });
    expect([400, 404]).toContain(receipt.status);
  });

  it('a Stripe failure during checkout is a 502 "Error creating payment session", and the payment is not left pending', async () => {
    const link = await createLink(merchant);
    // Below Stripe's minimum charge (the stored link edited behind the API's back): Stripe refuses the session.
    await setAttribute('links', { linkId: link.linkId }, 'amountCents', 10);
    const response = await send('/api/checkout', 'POST', { linkId: link.linkId, tip: 'none' });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      code: 'stripe_error',
      message: expect.stringMatching(/^Error creating payment session/),
    });
  });

  it('a Stripe failure during connect, subscription checkout and the portal is a 502 in the product’s words', async () => {
    const broken = await env.createMerchant({ stripeAccountId: 'acct_gone', stripeCustomerId: 'cus_gone' });
    const connect = await env.api('/api/me/stripe/connect', { method: 'POST', token: broken.accessToken });
    expect(connect.status).toBe(502);
    expect((await connect.json()).message).toMatch(/^Could not connect to Stripe: /);
    const upgrade = await env.api('/api/me/subscription/checkout', { method: 'POST', token: broken.accessToken });
    expect(upgrade.status).toBe(502);
    expect((await upgrade.json()).message).toMatch(/^Failed to create checkout: /);
    const portal = await env.api('/api/me/subscription/portal', { method: 'POST', token: broken.accessToken });
    expect(portal.status).toBe(502);
    expect((await portal.json()).message).toMatch(/^Failed to open portal: /);
  });

  it('a bus event whose detail is not a Stripe event is logged and dropped, not retried', async () => {
    for (const name of [
      'apply-stripe-account-event',
      'apply-stripe-payment-event',
      'apply-stripe-subscription-event',
    ]) {
      const rule = catalog.find((fn) => fn.name === name)!.rules![0]!;
      const eventId = env.runtime.bus.put('paylink', {
        source: rule.source,
        'detail-type': rule.detailTypes[0]!,
        detail: { id: 5, data: null },
        resources: [],
      });
      await env.runtime.bus.settled();
      const delivery = env.runtime.bus.deliveries.find((d) => d.eventId === eventId && d.functionName === name);
      expect(delivery, name).toMatchObject({ ok: true, attempts: 1 });
    }
  });
});

describe('event provenance', () => {
  it('a payment event that came through the platform endpoint changes nothing', async () => {
    const payment = await pendingPayment();
    expect((await toPlatform(completedEvent(payment, `evt_platform_${payment.paymentId}`))).status).toBe(200);
    await env.settle();
    expect((await paymentRow(payment.paymentId)).status).toBe('open');
    // The same event through the Connect endpoint does settle it: only the endpoint differed.
    expect((await toConnect(completedEvent(payment, `evt_connect_${payment.paymentId}`))).status).toBe(200);
    await env.settle();
    expect((await paymentRow(payment.paymentId)).status).toBe('succeeded');
  });

  it('a merchant’s own test-mode subscription delivered to the Connect endpoint gives them nothing', async () => {
    const cheeky = await env.createMerchant();
    const subscriptionObject = {
      id: 'sub_on_my_own_account',
      object: 'subscription',
      customer: 'cus_on_my_own_account',
      status: 'active',
      cancel_at_period_end: false,
      metadata: { merchantId: cheeky.sub },
      items: { data: [{ current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400 }] },
    };
    for (const type of ['customer.subscription.created', 'customer.subscription.updated']) {
      const response = await toConnect({
        id: `evt_${type}_${cheeky.sub}`,
        object: 'event',
        type,
        account: 'acct_the_merchants_own',
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        data: { object: subscriptionObject },
      });
      expect(response.status).toBe(200);
    }
    await env.settle();
    expect((await merchantRow(cheeky.sub)).subscription).toBeUndefined();
    const status = await (await env.api('/api/me/subscription', { token: cheeky.accessToken })).json();
    expect(status).toMatchObject({ subscribed: false, subscription_tier: 'Trial' });
  });

  it('a subscription event whose livemode differs from the key’s mode changes nothing; the payload’s status is never trusted', async () => {
    const subscriber = await env.createMerchant();
    const { url } = await (
      await env.api('/api/me/subscription/checkout', { method: 'POST', token: subscriber.accessToken })
    ).json();
    await submitHostedForm(url, { email: subscriber.email, name: 'Aroha Test', card_number: '4242424242424242' });
    await env.settle();
    const subscriptionId = (await merchantRow(subscriber.sub)).subscription.id as string;
    const created = env.runtime.stripe
      .events()
      .find(
        (e) =>
          e.type === 'customer.subscription.created' &&
          (e.data as { object: { id: string } }).object.id === subscriptionId,
      )! as unknown as Stripe.Event;
    // Forget what the webhooks recorded, then replay the real event under new ids.
    await env.documents.send(
      new UpdateCommand({
        TableName: env.runtime.dynamo.tableNames.merchants,
        Key: { merchantId: subscriber.sub },
        UpdateExpression: 'REMOVE subscription, subscriptionAt',
      }),
    );
    expect((await toPlatform({ ...created, id: `evt_live_${subscriptionId}`, livemode: true })).status).toBe(200);
    await env.settle();
    expect((await merchantRow(subscriber.sub)).subscription).toBeUndefined();

    // The payload says active; Stripe says trialing: Stripe wins.
    const claimsActive = {
      ...created,
      id: `evt_test_${subscriptionId}`,
      livemode: false,
      data: { object: { ...(created.data.object as object), status: 'active' } },
    };
    expect((await toPlatform(claimsActive)).status).toBe(200);
    await env.settle();
    expect((await merchantRow(subscriber.sub)).subscription).toMatchObject({ id: subscriptionId, status: 'trialing' });
  });
});
