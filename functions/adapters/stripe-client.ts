import Stripe from 'stripe';
import { ENV } from '../environment';
import type { StripeResourceName } from '../function-spec';
import type { StripePort } from '../domain/stripe-port';
import { readSecret } from './secrets';

/**
 * The SDK's client as the functions' bundles carry it: only the resources STRIPE_RESOURCES lists (the bundler
 * leaves the others out, docs/decisions.md #95), and the webhooks' signature check. A call to any other
 * resource does not compile, rather than failing in the cloud.
 */
export type ShippedStripe = Pick<Stripe, StripeResourceName | 'webhooks'>;

let client: { key: string; stripe: ShippedStripe } | undefined;

/**
 * The shipped client is the rules' StripePort as it is (the port keeps the SDK's names): this stops compiling
 * when the port asks for something the SDK does not give in that shape, or a resource the bundles leave out.
 */
export const SDK_FITS_THE_PORT: ShippedStripe extends StripePort ? true : never = true;

/**
 * How long the SDK waits for one answer, and how often it retries (timeouts, connection errors, 409/5xx).
 * One call can take at most STRIPE_CALL_WORST_CASE_MS: every attempt times out, plus the SDK's backoff
 * before the retry (0.5 s for the first). A function calls Stripe at most twice in a row, so every function
 * that calls Stripe has a catalogue timeout above twice that (tests/unit/stripe-timeouts.test.ts): the
 * SDK gives up, and the handler answers in Paylink's words, before Lambda kills the run.
 */
export const STRIPE_REQUEST_TIMEOUT_MS = 5_000;
export const STRIPE_MAX_NETWORK_RETRIES = 1;
const FIRST_RETRY_BACKOFF_MS = 500;

/**
 * The wait for one answer: STRIPE_REQUEST_TIMEOUT_MS, or a shorter one a test sets (STRIPE_TIMEOUT_MS),
 * so its "Stripe never answers" faults cost seconds less each (docs/decisions.md #72). Only ever shorter:
 * the catalogue's timeouts above are worked out from the 5 s.
 */
export function stripeRequestTimeoutMs(): number {
  const configured = Number(process.env[ENV.stripeTimeoutMs]);
  return Number.isInteger(configured) && configured > 0 && configured < STRIPE_REQUEST_TIMEOUT_MS
    ? configured
    : STRIPE_REQUEST_TIMEOUT_MS;
}
export const STRIPE_CALL_WORST_CASE_MS =
  STRIPE_REQUEST_TIMEOUT_MS * (STRIPE_MAX_NETWORK_RETRIES + 1) + FIRST_RETRY_BACKOFF_MS * STRIPE_MAX_NETWORK_RETRIES;

/**
 * The real Stripe SDK. In the cloud it talks to Stripe; the local runtime sets STRIPE_API_URL to the
 * Stripe sandbox, which the SDK reaches through its own host/port/protocol options.
 */
export async function stripeClient(): Promise<ShippedStripe> {
  const key = await readSecret('stripe-secret-key');
  if (client?.key === key) return client.stripe;
  const apiUrl = process.env[ENV.stripeApiUrl];
  const endpoint = apiUrl ? new URL(apiUrl) : undefined;
  const stripe = new Stripe(key, {
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    timeout: stripeRequestTimeoutMs(),
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

/** The mode of the configured key: events Stripe sends for it carry the same `livemode` (sk_test_ → false). */
export async function stripeKeyLivemode(): Promise<boolean> {
  return /^(sk|rk)_live_/.test(await readSecret('stripe-secret-key'));
}
