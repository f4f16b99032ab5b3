import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeConnectionSchema } from '@shared/contracts/stripe-connection';
import { subscriptionStatusSchema } from '@shared/contracts/subscription';
import { submitHostedForm } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

const post = (path: string, merchant: TestMerchant) => env.api(path, { method: 'POST', token: merchant.accessToken });

const submitForm = submitHostedForm;
const settle = () => env.settle();

async function merchantRow(merchantId: string) {
  const { Item } = await env.documents.send(
    new GetCommand({ TableName: env.runtime.dynamo.tableNames.merchants, Key: { merchantId } }),
  );
  return Item!;
}

async function status(merchant: TestMerchant) {
  const response = await env.api('/api/me/stripe/status', { token: merchant.accessToken });
  expect(response.status).toBe(200);
  return stripeConnectionSchema.parse(await response.json());
}

async function subscription(merchant: TestMerchant) {
  const response = await env.api('/api/me/subscription', { token: merchant.accessToken });
  expect(response.status).toBe(200);
  return subscriptionStatusSchema.parse(await response.json());
}

async function connectAndOnboard(merchant: TestMerchant, action: 'complete' | 'incomplete') {
  return env.connectStripe(merchant, action);
}

const signedDelivery: TestRuntime['deliverSignedWebhook'] = (...args) => env.deliverSignedWebhook(...args);

describe('Stripe Connect onboarding', () => {
  it('starts with no account; completing onboarding → account.updated → connected', async () => {
    const merchant = await env.createMerchant();
    expect((await status(merchant)).account_status).toBe('no_account');

    const { returnedTo } = await connectAndOnboard(merchant, 'complete');
    expect(returnedTo).toMatch(/\/dashboard\/settings\?stripe_connected=true$/);
    // The webhook (not the status read) moved the stored status.
    expect((await merchantRow(merchant.sub)).stripeAccountStatus).toBe('connected');
    const connection = await status(merchant);
    expect(connection).toMatchObject({ connected: true, account_status: 'connected' });
    expect(connection.debug_info).toMatchObject({ chargesEnabled: true, detailsSubmitted: true });
  });

  it('returns to the dashboard page the trip began on, and takes only a dashboard page (docs/decisions.md #87)', async () => {
    const merchant = await env.createMerchant();
    const connect = (body: unknown) =>
      env.api('/api/me/stripe/connect', { method: 'POST', token: merchant.accessToken, body: JSON.stringify(body) });
    for (const returnTo of [
      'https://evil.example/dashboard',
      '//evil.example/dashboard',
      '/dashboard/../x',
      '/login',
    ]) {
      const refused = await connect({ returnTo });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('returnTo must be a dashboard page');
    }
    // Nothing was made for a refused request.
    expect((await merchantRow(merchant.sub)).stripeAccountId).toBeUndefined();

    const { url } = (await (await connect({ returnTo: '/dashboard/create-link' })).json()) as { url: string };
    expect((await fetch(url)).status).toBe(200); // the onboarding page is opened before its form is sent
    const done = await submitForm(url, { action: 'complete' });
    expect(done.headers.get('location')).toMatch(/\/dashboard\/create-link\?stripe_connected=true$/);
  });

  it('leaving onboarding incomplete → incomplete_onboarding; connecting again reuses the one account', async () => {
    const merchant = await env.createMerchant();
    await connectAndOnboard(merchant, 'incomplete');
    const first = await status(merchant);
    expect(first).toMatchObject({ connected: false, account_status: 'incomplete_onboarding' });

    await connectAndOnboard(merchant, 'complete');
    const second = await status(merchant);
    expect(second.account_status).toBe('connected');
    expect(second.debug_info.accountId).toBe(first.debug_info.accountId);
  });

  it('diagnoses a merchant with no account, and one that is connected', async () => {
    const merchant = await env.createMerchant();
    const before = await (await post('/api/me/stripe/diagnose', merchant)).json();
    expect(before.success).toBe(false);
    expect(before.results.details.connectivity).toBe(true);
    expect(before.results.errors).toContain('No Stripe account is connected yet.');
    await connectAndOnboard(merchant, 'complete');
    const after = await (await post('/api/me/stripe/diagnose', merchant)).json();
    expect(after).toMatchObject({ success: true, results: { errors: [] } });
  });
});

describe('the Business subscription', () => {
  it('a trial merchant subscribes through Checkout → webhooks → subscribed; the portal cancels at period end', async () => {
    const merchant = await env.createMerchant();
    const trial = await subscription(merchant);
    expect(trial).toMatchObject({
      subscribed: false,
      subscription_tier: 'Trial',
      access: 'trial',
      trial_days_left: 30,
    });

    const checkout = await post('/api/me/subscription/checkout', merchant);
    expect(checkout.status).toBe(200);
    const { url } = await checkout.json();
    const paid = await submitForm(url, { email: merchant.email, name: 'Aroha Test', card_number: '4242424242424242' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(/\/dashboard\?subscription=success$/);
    await settle();

    const subscribed = await subscription(merchant);
    expect(subscribed).toMatchObject({
      subscribed: true,
      subscription_tier: 'Business',
      access: 'subscribed',
      cancel_at_period_end: false,
    });
    expect(subscribed.subscription_end).toBeTruthy();
    expect((await (await env.api('/api/me', { token: merchant.accessToken })).json()).plan).toBe('business');

    // Subscribing twice is refused rather than charging twice.
    expect((await post('/api/me/subscription/checkout', merchant)).status).toBe(409);

    const portal = await (await post('/api/me/subscription/portal', merchant)).json();
    const subscriptionId = (await merchantRow(merchant.sub)).subscription.id as string;
    const cancelled = await submitForm(portal.url, { subscription: subscriptionId, action: 'cancel_at_period_end' });
    expect(cancelled.status).toBeLessThan(400);
    await settle();
    expect(await subscription(merchant)).toMatchObject({ subscribed: true, cancel_at_period_end: true });
  });

  it('when Stripe ends the subscription’s trial, the paid period is recorded; a failed first payment keeps access (past_due) until Stripe gives up', async () => {
    for (const fail of [false, true]) {
      const merchant = await env.createMerchant();
      const { url } = await (await post('/api/me/subscription/checkout', merchant)).json();
      await submitForm(url, { email: merchant.email, name: 'Aroha Test', card_number: '4242424242424242' });
      await settle();
      const trialing = (await merchantRow(merchant.sub)).subscription;
      expect(trialing.status).toBe('trialing');

      const ended = await fetch(
        `${env.runtime.stripe.url}/_emu/subscriptions/${trialing.id}/end_trial${fail ? '?fail=1' : ''}`,
        {
          method: 'POST',
        },
      );
      expect(ended.status).toBe(200);
      await settle();
      const after = (await merchantRow(merchant.sub)).subscription;
      expect(after.status).toBe(fail ? 'past_due' : 'active');
      expect(Date.parse(after.currentPeriodEnd)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
      expect(await subscription(merchant)).toMatchObject({ subscribed: true, access: 'subscribed' });
    }
  });

  it('the upgrade keeps the trial to its very end, says so, and returns to its page; the plan reads trialing until then', async () => {
    const trialEndsAt = new Date(Date.now() + 12.5 * 86_400_000);
    const merchant = await env.createMerchant({ trialEndsAt: trialEndsAt.toISOString() });
    expect(await subscription(merchant)).toMatchObject({ trialing: true, access: 'trial' });
    const checkout = await env.api('/api/me/subscription/checkout', {
      method: 'POST',
      token: merchant.accessToken,
      body: JSON.stringify({ returnTo: '/dashboard/transactions' }),
    });
    const { url } = (await checkout.json()) as { url: string };
    // Stripe's Checkout states the trial and the first charge date (sandbox as Stripe).
    const page = await (await fetch(url)).text();
    const day = new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(page).toContain(`Free until ${day.format(trialEndsAt)}`);
    const paid = await submitForm(url, { email: merchant.email, name: 'Aroha Test', card_number: '4242424242424242' });
    expect(paid.headers.get('location')).toMatch(/\/dashboard\/transactions\?subscription=success$/);
    await settle();
    const stored = (await merchantRow(merchant.sub)).subscription;
    const trialing = await env.stripe.subscriptions.retrieve(stored.id as string);
    // Charged from the second Paylink's trial ends, not rounded to whole days.
    expect(trialing.trial_end).toBe(Math.floor(trialEndsAt.getTime() / 1000));
    expect(await subscription(merchant)).toMatchObject({ subscribed: true, trialing: true });

    const ended = await fetch(`${env.runtime.stripe.url}/_emu/subscriptions/${trialing.id}/end_trial`, {
      method: 'POST',
    });
    expect(ended.status).toBe(200);
    await settle();
    expect(await subscription(merchant)).toMatchObject({ subscribed: true, trialing: false });
  });

  it('a trial that ended with no subscription is expired', async () => {
    const merchant = await env.createMerchant({ trialEndsAt: new Date(Date.now() - 60_000).toISOString() });
    expect(await subscription(merchant)).toMatchObject({
      access: 'expired',
      subscribed: false,
      trial_days_left: 0,
      trialing: false,
    });
  });

  it('rounds the days left up', async () => {
    const merchant = await env.createMerchant({ trialEndsAt: new Date(Date.now() + 6.2 * 86_400_000).toISOString() });
    expect((await subscription(merchant)).trial_days_left).toBe(7);
  });

  it('the portal needs a subscription first', async () => {
    const merchant = await env.createMerchant();
    const response = await post('/api/me/subscription/portal', merchant);
    expect(response.status).toBe(409);
  });
});

describe('webhook ingress', () => {
  it('refuses a bad or stale signature with 400 and puts nothing on the bus', async () => {
    const deliveriesBefore = env.runtime.bus.deliveries.length;
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'account.updated',
      created: 1,
      data: { object: {} },
    });
    const unsigned = await env.api('/api/webhooks/stripe-connect', {
      method: 'POST',
      body: payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    // Signed with the platform secret, sent to the Connect endpoint.
    expect((await signedDelivery('/api/webhooks/stripe-connect', payload, 'stripe-webhook-secret')).status).toBe(400);
    // A day old.
    const stale = await signedDelivery(
      '/api/webhooks/stripe-connect',
      payload,
      'stripe-connect-webhook-secret',
      Math.floor(Date.now() / 1000) - 86_400,
    );
    expect(stale.status).toBe(400);
    await env.runtime.bus.settled();
    expect(env.runtime.bus.deliveries.length).toBe(deliveriesBefore);
  });

  it('a replayed event, or an older one arriving late, changes nothing', async () => {
    const merchant = await env.createMerchant();
    await connectAndOnboard(merchant, 'complete');
    const accountId = (await merchantRow(merchant.sub)).stripeAccountId as string;
    const completed = env.runtime.stripe
      .events()
      .filter((e) => e.type === 'account.updated' && e.account === accountId)
      .at(-1)!;

    // Replay of the very event: the consumer skips it.
    const replay = await signedDelivery(
      '/api/webhooks/stripe-connect',
      JSON.stringify(completed),
      'stripe-connect-webhook-secret',
    );
    expect(replay.status).toBe(200);
    await env.runtime.bus.settled();
    expect((await merchantRow(merchant.sub)).stripeAccountStatus).toBe('connected');

    // An older event (before onboarding finished) arriving late: ignored, the stored status is newer.
    const older = {
      ...completed,
      id: 'evt_older_than_completion',
      created: (completed.created as number) - 60,
      data: {
        object: { ...(completed.data as { object: object }).object, details_submitted: false, charges_enabled: false },
      },
    };
    expect(
      (await signedDelivery('/api/webhooks/stripe-connect', JSON.stringify(older), 'stripe-connect-webhook-secret'))
        .status,
    ).toBe(200);
    await env.runtime.bus.settled();
    expect((await merchantRow(merchant.sub)).stripeAccountStatus).toBe('connected');

    // Nor does a newer event's payload overrule the account itself: the account is read again from Stripe,
    // which still says onboarding is complete (a change Stripe really made reaches the merchant the same way).
    const newer = { ...older, id: 'evt_newer', created: (completed.created as number) + 60 };
    await signedDelivery('/api/webhooks/stripe-connect', JSON.stringify(newer), 'stripe-connect-webhook-secret');
    await env.runtime.bus.settled();
    expect((await merchantRow(merchant.sub)).stripeAccountStatus).toBe('connected');
  });

  it('events about accounts Paylink does not know are accepted and ignored', async () => {
    const payload = JSON.stringify({
      id: 'evt_unknown_account',
      object: 'event',
      type: 'account.updated',
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      account: 'acct_not_ours',
      data: { object: { id: 'acct_not_ours', object: 'account', details_submitted: true, charges_enabled: true } },
    });
    expect(
      (await signedDelivery('/api/webhooks/stripe-connect', payload, 'stripe-connect-webhook-secret')).status,
    ).toBe(200);
    await env.runtime.bus.settled();
    expect(env.runtime.bus.deliveries.at(-1)).toMatchObject({ functionName: 'apply-stripe-account-event', ok: true });
  });
});

describe('merchant scoping', () => {
  it('one merchant’s Stripe calls never touch another’s account', async () => {
    const first = await env.createMerchant();
    const second = await env.createMerchant();
    await connectAndOnboard(first, 'complete');
    expect((await status(second)).account_status).toBe('no_account');
    // Even a row edited to point elsewhere only ever reads the caller's own row.
    await env.documents.send(
      new UpdateCommand({
        TableName: env.runtime.dynamo.tableNames.merchants,
        Key: { merchantId: second.sub },
        UpdateExpression: 'REMOVE stripeAccountId',
      }),
    );
    expect((await status(first)).account_status).toBe('connected');
  });
});
