/**
 * The merchant's plan follows what Stripe says about all of the merchant's subscriptions, whatever the
 * order of events: an event about one subscription never takes away the plan another still gives, and a
 * second subscription (two tabs upgrading at once) is cancelled as soon as Paylink hears of it.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionStatusSchema } from '@shared/contracts/subscription';
import { submitHostedForm } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
let stripe: Stripe;
beforeAll(async () => {
  env = await bootLocalRuntime();
  const { hostname, port } = new URL(env.runtime.stripe.url);
  stripe = new Stripe('sk_test_local', { host: hostname, port: Number(port), protocol: 'http' });
});
afterAll(async () => {
  await env?.stop();
});

async function plan(merchant: TestMerchant) {
  const response = await env.api('/api/me/subscription', { token: merchant.accessToken });
  expect(response.status).toBe(200);
  return subscriptionStatusSchema.parse(await response.json());
}

async function storedSubscriptionId(merchant: TestMerchant): Promise<string | undefined> {
  const { Item } = await env.documents.send(
    new GetCommand({ TableName: env.runtime.dynamo.tableNames.merchants, Key: { merchantId: merchant.sub } }),
  );
  return Item?.subscription?.id as string | undefined;
}

async function openUpgradeCheckout(merchant: TestMerchant): Promise<string> {
  const response = await env.api('/api/me/subscription/checkout', { method: 'POST', token: merchant.accessToken });
  expect(response.status).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

async function pay(checkoutUrl: string, merchant: TestMerchant) {
  const paid = await submitHostedForm(checkoutUrl, {
    email: merchant.email,
    name: 'Aroha Test',
    card_number: '4242424242424242',
  });
  expect(paid.status).toBe(303);
}

async function customerSubscriptions(merchant: TestMerchant) {
  const { Item } = await env.documents.send(
    new GetCommand({ TableName: env.runtime.dynamo.tableNames.merchants, Key: { merchantId: merchant.sub } }),
  );
  const listed = await stripe.subscriptions.list({ customer: Item!.stripeCustomerId as string, status: 'all' });
  return listed.data;
}

describe('the plan follows Stripe', () => {
  it('two tabs upgrading at once: the second subscription is cancelled, and its end leaves the plan in place', async () => {
    const merchant = await env.createMerchant();
    // Both tabs open Checkout before either has paid: the create-time check cannot see a subscription yet.
    const [first, second] = [await openUpgradeCheckout(merchant), await openUpgradeCheckout(merchant)];
    await pay(first, merchant);
    await env.settle();
    await pay(second, merchant);
    await env.settle();

    const subscriptions = await customerSubscriptions(merchant);
    expect(subscriptions).toHaveLength(2);
    const live = subscriptions.filter((subscription) => subscription.status !== 'canceled');
    expect(live, 'one subscription left billing').toHaveLength(1);
    // The first one is kept; the duplicate's own deletion event was the last the consumer saw.
    expect(live[0]!.id).toBe(subscriptions.at(-1)!.id);
    expect(await storedSubscriptionId(merchant)).toBe(live[0]!.id);
    expect(await plan(merchant)).toMatchObject({ subscribed: true, access: 'subscribed' });
  });

  it("a late event about an old subscription, replayed with a newer time, does not take today's plan away", async () => {
    const merchant = await env.createMerchant();
    await pay(await openUpgradeCheckout(merchant), merchant);
    await env.settle();
    const [old] = await customerSubscriptions(merchant);
    await stripe.subscriptions.cancel(old!.id);
    await env.settle();
    expect(await plan(merchant)).toMatchObject({ subscribed: false });

    await pay(await openUpgradeCheckout(merchant), merchant);
    await env.settle();
    expect(await plan(merchant)).toMatchObject({ subscribed: true });

    // Stripe redelivers the old subscription's deletion after the new one started (a retry hours later).
    const oldDeletion = env.runtime.stripe
      .events()
      .find(
        (event) =>
          event.type === 'customer.subscription.deleted' &&
          (event.data as { object: { id: string } }).object.id === old!.id,
      )!;
    const late = { ...oldDeletion, id: 'evt_late_old_deletion', created: Math.floor(Date.now() / 1000) + 60 };
    const delivered = await env.deliverSignedWebhook(
      '/api/webhooks/stripe',
      JSON.stringify(late),
      'stripe-webhook-secret',
    );
    expect(delivered.status).toBe(200);
    await env.settle();
    expect(await plan(merchant)).toMatchObject({ subscribed: true, access: 'subscribed' });
  });

  it('Upgrade asks Stripe first: a merchant whose subscription event was lost is not sold a second one', async () => {
    const merchant = await env.createMerchant();
    await pay(await openUpgradeCheckout(merchant), merchant);
    await env.settle();
    const [subscription] = await customerSubscriptions(merchant);
    // As if every event about it had been lost: Paylink's record knows nothing of the subscription.
    await env.documents.send(
      new UpdateCommand({
        TableName: env.runtime.dynamo.tableNames.merchants,
        Key: { merchantId: merchant.sub },
        UpdateExpression: 'REMOVE #subscription, #subscriptionAt',
        ExpressionAttributeNames: { '#subscription': 'subscription', '#subscriptionAt': 'subscriptionAt' },
      }),
    );
    expect(await plan(merchant)).toMatchObject({ subscribed: false });

    const again = await env.api('/api/me/subscription/checkout', { method: 'POST', token: merchant.accessToken });
    expect(again.status).toBe(409);
    expect(await customerSubscriptions(merchant)).toHaveLength(1);
    // And the plan Stripe reported is recorded on the way.
    expect(await storedSubscriptionId(merchant)).toBe(subscription!.id);
    expect(await plan(merchant)).toMatchObject({ subscribed: true });
  });

  it("Upgrade asks Stripe first: a merchant whose subscription's deletion was lost can subscribe again", async () => {
    const merchant = await env.createMerchant();
    await pay(await openUpgradeCheckout(merchant), merchant);
    await env.settle();
    const row = async () =>
      (
        await env.documents.send(
          new GetCommand({ TableName: env.runtime.dynamo.tableNames.merchants, Key: { merchantId: merchant.sub } }),
        )
      ).Item!;
    const { subscription: whileActive, subscriptionAt } = await row();
    const [subscription] = await customerSubscriptions(merchant);
    await stripe.subscriptions.cancel(subscription!.id);
    await env.settle();
    // As if the deletion event had been lost: Paylink's record still says the plan is active.
    await env.documents.send(
      new UpdateCommand({
        TableName: env.runtime.dynamo.tableNames.merchants,
        Key: { merchantId: merchant.sub },
        UpdateExpression: 'SET #subscription = :subscription, #subscriptionAt = :at',
        ExpressionAttributeNames: { '#subscription': 'subscription', '#subscriptionAt': 'subscriptionAt' },
        ExpressionAttributeValues: { ':subscription': whileActive, ':at': subscriptionAt },
      }),
    );
    expect(await plan(merchant)).toMatchObject({ subscribed: true });

    // Upgrade is not refused as "already subscribed": Stripe says the plan ended, and that is recorded.
    const checkoutUrl = await openUpgradeCheckout(merchant);
    expect(await plan(merchant)).toMatchObject({ subscribed: false });
    await pay(checkoutUrl, merchant);
    await env.settle();
    const live = (await customerSubscriptions(merchant)).filter((listed) => listed.status !== 'canceled');
    expect(live).toHaveLength(1);
    expect(live[0]!.id).not.toBe(subscription!.id);
    expect(await plan(merchant)).toMatchObject({ subscribed: true });
  });
});
