// Issue 23 item 5: the Stripe configuration from one source. The sandbox's `/v1/webhook_endpoints` driven
// by the real `stripe` SDK as Stripe answers it, and `npm run stripe:webhooks` run against the sandbox:
// it makes the platform and Connect endpoints with exactly the catalogue's event types, leaves them alone
// the second time, repairs a stale list, and prints where each signing secret goes.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeWebhookEventTypes } from '@functions/catalog';
import { STRIPE_WEBHOOKS } from '@functions/function-spec';
import { startStripeSandbox, type StripeSandbox } from '@infra/local/stripe-sandbox/server';
import { STAGES } from '@infra/stages';
import { appOriginOf, configureStripeWebhooks, webhookRunOf } from '@infra/stripe-webhooks';
import { sandboxStripeClient } from '../support/stripe-sandbox';

const APP = 'https://pay.example.co.nz';
let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ port: 0 });
  stripe = sandboxStripeClient(sandbox.url);
});
afterAll(async () => {
  await sandbox?.stop();
});

async function allEndpoints() {
  const endpoints: Stripe.WebhookEndpoint[] = [];
  for await (const endpoint of stripe.webhookEndpoints.list({ limit: 2 })) endpoints.push(endpoint);
  return endpoints;
}

async function isConnect(id: string): Promise<boolean> {
  const response = await fetch(`${sandbox.url}/_emu/webhook_endpoints/${id}`);
  return ((await response.json()) as { connect: boolean }).connect;
}

describe('the sandbox keeps webhook endpoints as Stripe does', () => {
  it('create answers the signing secret once; retrieve, list, update and delete never show it', async () => {
    const created = await stripe.webhookEndpoints.create({
      url: 'https://shop.test/hooks',
      enabled_events: ['charge.refunded', 'refund.failed'],
      connect: true,
      metadata: { owner: 'test' },
    });
    expect(created).toMatchObject({
      object: 'webhook_endpoint',
      url: 'https://shop.test/hooks',
      enabled_events: ['charge.refunded', 'refund.failed'],
      status: 'enabled',
      livemode: false,
      metadata: { owner: 'test' },
      secret: expect.stringMatching(/^whsec_/),
    });
    expect(created.id).toMatch(/^we_/);
    expect(await isConnect(created.id)).toBe(true);

    const read = await stripe.webhookEndpoints.retrieve(created.id);
    expect(read.secret).toBeUndefined();
    expect(read.enabled_events).toEqual(['charge.refunded', 'refund.failed']);

    const updated = await stripe.webhookEndpoints.update(created.id, {
      enabled_events: ['charge.dispute.created'],
      disabled: true,
    });
    expect(updated).toMatchObject({ enabled_events: ['charge.dispute.created'], status: 'disabled' });
    expect(updated.secret).toBeUndefined();
    // The Connect flag is fixed at creation, as on Stripe.
    await expect(
      stripe.webhookEndpoints.update(created.id, { connect: false } as Stripe.WebhookEndpointUpdateParams),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'connect' });

    const second = await stripe.webhookEndpoints.create({ url: 'https://shop.test/other', enabled_events: ['*'] });
    expect(await isConnect(second.id)).toBe(false);
    // Newest first, paged (limit 2 at a time through the SDK's auto-pagination).
    expect((await allEndpoints()).map((endpoint) => endpoint.id)).toEqual([second.id, created.id]);

    expect(await stripe.webhookEndpoints.del(created.id)).toMatchObject({ id: created.id, deleted: true });
    await stripe.webhookEndpoints.del(second.id);
    await expect(stripe.webhookEndpoints.retrieve(created.id)).rejects.toMatchObject({ statusCode: 404 });
    expect(await allEndpoints()).toEqual([]);
  });

  it('refuses what Stripe refuses: no url, no events, a malformed event type', async () => {
    await expect(
      stripe.webhookEndpoints.create({ enabled_events: ['charge.refunded'] } as Stripe.WebhookEndpointCreateParams),
    ).rejects.toMatchObject({ statusCode: 400, param: 'url' });
    await expect(
      stripe.webhookEndpoints.create({ url: 'https://shop.test/x' } as Stripe.WebhookEndpointCreateParams),
    ).rejects.toMatchObject({ statusCode: 400, param: 'enabled_events' });
    await expect(
      stripe.webhookEndpoints.create({
        url: 'https://shop.test/x',
        enabled_events: ['not an event'] as unknown as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'enabled_events[0]' });
    expect(await allEndpoints()).toEqual([]);
  });
});

describe('npm run stripe:webhooks', () => {
  it('creates both endpoints with exactly the consumers’ event types, the Connect one with connect: true', async () => {
    const results = await configureStripeWebhooks(stripe, { appUrl: `${APP}/some/page`, stage: 'dev' });
    expect(results.map(({ endpoint, action, url, secretName }) => ({ endpoint, action, url, secretName }))).toEqual([
      {
        endpoint: 'platform',
        action: 'created',
        url: `${APP}/api/webhooks/stripe`,
        secretName: 'paylink/dev/stripe-webhook-secret',
      },
      {
        endpoint: 'connect',
        action: 'created',
        url: `${APP}/api/webhooks/stripe-connect`,
        secretName: 'paylink/dev/stripe-connect-webhook-secret',
      },
    ]);
    const [platform, connect] = results;
    expect((await stripe.webhookEndpoints.retrieve(platform!.id)).enabled_events).toEqual(
      stripeWebhookEventTypes('platform'),
    );
    expect((await stripe.webhookEndpoints.retrieve(connect!.id)).enabled_events).toEqual(
      stripeWebhookEventTypes('connect'),
    );
    expect(await isConnect(platform!.id)).toBe(false);
    expect(await isConnect(connect!.id)).toBe(true);
    expect(platform!.signingSecret).toMatch(/^whsec_/);
    expect(connect!.signingSecret).toMatch(/^whsec_/);
    // Events are shaped by the version the installed SDK is pinned to, not the account's default.
    for (const { id } of results) {
      expect((await stripe.webhookEndpoints.retrieve(id)).api_version).toBe(Stripe.API_VERSION);
    }
    expect(results.flatMap((result) => result.warnings)).toEqual([]);
  });

  it('a second run changes nothing; a stale list (the old README’s, without refunds and disputes) is repaired in place', async () => {
    const before = await allEndpoints();
    const again = await configureStripeWebhooks(stripe, { appUrl: APP, stage: 'dev' });
    expect(again.map((result) => result.action)).toEqual(['unchanged', 'unchanged']);
    expect(again.every((result) => result.signingSecret === undefined)).toBe(true);

    const connectEndpoint = before.find((endpoint) => endpoint.url.endsWith(STRIPE_WEBHOOKS.connect.path))!;
    await stripe.webhookEndpoints.update(connectEndpoint.id, {
      enabled_events: [
        'account.updated',
        'checkout.session.completed',
        'checkout.session.async_payment_succeeded',
        'checkout.session.async_payment_failed',
        'checkout.session.expired',
        'payment_intent.payment_failed',
      ],
    });
    const repaired = await configureStripeWebhooks(stripe, { appUrl: APP, stage: 'dev' });
    expect(repaired.map((result) => result.action)).toEqual(['unchanged', 'updated']);
    expect(repaired[1]!.id).toBe(connectEndpoint.id);
    expect((await stripe.webhookEndpoints.retrieve(connectEndpoint.id)).enabled_events).toEqual(
      stripeWebhookEventTypes('connect'),
    );
    expect((await allEndpoints()).map((endpoint) => endpoint.id).sort()).toEqual(
      before.map((endpoint) => endpoint.id).sort(),
    );
  });

  it('refuses an app URL Stripe could not deliver to', () => {
    expect(() => appOriginOf('http://pay.example.co.nz')).toThrow(/only to https/);
    expect(() => appOriginOf('pay.example.co.nz')).toThrow(/is not a URL/);
    expect(appOriginOf('http://127.0.0.1:5173/')).toBe('http://127.0.0.1:5173');
  });

  it('the command prints each endpoint and the put-secret-value line for its signing secret', async () => {
    for (const endpoint of await allEndpoints()) await stripe.webhookEndpoints.del(endpoint.id);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'infra/stripe-webhooks.ts', APP, '--stage', 'dev'],
      { env: { ...process.env, STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_API_URL: sandbox.url } },
    );
    expect(stdout).toContain(`platform endpoint created`);
    expect(stdout).toContain(`connect endpoint created`);
    expect(stdout).toContain(`events  ${stripeWebhookEventTypes('connect').join(', ')}`);
    // In the stage's region from infra/stages.ts, though no --region was given.
    expect(stdout).toMatch(
      new RegExp(
        `aws secretsmanager put-secret-value --region ${STAGES.dev.region} --secret-id paylink/dev/stripe-webhook-secret --secret-string 'whsec_[\\w-]+'`,
      ),
    );
    expect(stdout).toMatch(/--secret-id paylink\/dev\/stripe-connect-webhook-secret --secret-string 'whsec_[\w-]+'/);
    // A process of its own (tsx compiling the script): seconds on a busy machine.
  }, 30_000);

  it('must be told the stage, and takes only one infra/stages.ts lists; --region overrides its region', () => {
    expect(() => webhookRunOf([APP])).toThrow(/Name the stage whose endpoints these are \(--stage\)/);
    expect(() => webhookRunOf([APP, '--stage', 'staging'])).toThrow(/Stage "staging" is not in infra\/stages\.ts/);
    expect(webhookRunOf([APP, '--stage', 'prod'])).toEqual({ appUrl: APP, stage: 'prod', region: STAGES.prod.region });
    expect(webhookRunOf([APP, '--stage', 'prod', '--region', 'ap-southeast-1']).region).toBe('ap-southeast-1');
  });

  it('warns about an endpoint made at another API version, which Stripe cannot change', async () => {
    const old = await stripe.webhookEndpoints.create({
      url: `https://old.example.co.nz${STRIPE_WEBHOOKS.platform.path}`,
      enabled_events: stripeWebhookEventTypes('platform') as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
      api_version: '2025-01-27.acacia',
    });
    const results = await configureStripeWebhooks(stripe, { appUrl: 'https://old.example.co.nz', stage: 'dev' });
    expect(results[0]!.warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`API version 2025-01-27.acacia, not the SDK's ${Stripe.API_VERSION}`),
      ]),
    );
    await stripe.webhookEndpoints.del(old.id);
  });
});
