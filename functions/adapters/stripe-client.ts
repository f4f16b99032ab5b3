import Stripe from 'stripe';
import { ENV } from '../catalog';
import { readSecret } from './secrets';

let client: { key: string; stripe: Stripe } | undefined;

/**
 * The real Stripe SDK. In the cloud it talks to Stripe; the local runtime sets STRIPE_API_URL to the
 * Stripe sandbox, which the SDK reaches through its own host/port/protocol options.
 */
export async function stripeClient(): Promise<Stripe> {
  const key = await readSecret('stripe-secret-key');
  if (client?.key === key) return client.stripe;
  const apiUrl = process.env[ENV.stripeApiUrl];
  const endpoint = apiUrl ? new URL(apiUrl) : undefined;
  const stripe = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    ...(endpoint && {
      host: endpoint.hostname,
      port: endpoint.port,
      protocol: endpoint.protocol.replace(':', '') as 'http' | 'https',
    }),
  });
  client = { key, stripe };
  return stripe;
}
