/**
 * What the sandbox's contract files share: the Stripe sandbox on a free port, its platform and Connect
 * webhooks landing in a local receiver (each endpoint with its own secret), and the real `stripe` SDK
 * pointed at it.
 */
import type Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox } from '@infra/local/stripe-sandbox/server';
import { sandboxStripeClient, startWebhookReceiver, type ReceivedWebhook } from '@tests/support/stripe-sandbox';

export type WebhookEndpoint = '/platform' | '/connect';

export interface SandboxWithReceiver {
  sandbox: StripeSandbox;
  stripe: Stripe;
  /** Every delivery, in arrival order, as received (unverified). */
  received: ReceivedWebhook[];
  secrets: Record<WebhookEndpoint, string>;
  /** The events delivered to `endpoint` once the sandbox is quiet, verified with its secret as the app verifies them. */
  delivered(endpoint: WebhookEndpoint): Promise<Stripe.Event[]>;
  stop(): Promise<void>;
}

/** `label` names the secrets and the API key, so each file's sandbox is its own. */
export async function startSandboxWithReceiver(label: string): Promise<SandboxWithReceiver> {
  const secrets = { '/platform': `whsec_platform_${label}`, '/connect': `whsec_connect_${label}` };
  const receiver = await startWebhookReceiver();
  const sandbox = await startStripeSandbox({
    port: 0,
    platformWebhook: { url: receiver.urlFor('/platform'), secret: secrets['/platform'] },
    connectWebhook: { url: receiver.urlFor('/connect'), secret: secrets['/connect'] },
  });
  const stripe = sandboxStripeClient(sandbox.url, `sk_test_${label}`);
  return {
    sandbox,
    stripe,
    received: receiver.received,
    secrets,
    async delivered(endpoint) {
      await sandbox.settled();
      return receiver.received
        .filter((delivery) => delivery.path === endpoint)
        .map((delivery) => stripe.webhooks.constructEvent(delivery.body, delivery.signature, secrets[endpoint]));
    },
    async stop() {
      await sandbox.stop();
      await receiver.stop();
    },
  };
}
