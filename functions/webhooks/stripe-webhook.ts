/**
 * Stripe's webhooks, for Paylink's own account (`/api/webhooks/stripe`: the subscription) and for the
 * merchants' connected accounts (`/api/webhooks/stripe-connect`: onboarding, payments). The signature is
 * checked on the raw body with that endpoint's secret; a bad signature, one older or newer than Stripe's
 * five-minute tolerance, or a signed body that is not a Stripe event is a 400 and nothing happens. A good
 * event is put on the bus under its endpoint's source (so the rules, and the consumers, know where it came
 * from) and answered at once: the consumers do the work, idempotently.
 */
import { STRIPE_EVENT_SOURCES, type StripeEndpoint } from '@shared/contracts/stripe-event-sources';
import { STRIPE_WEBHOOKS, type SecretId } from '../function-spec';
import { publishEvent } from '../adapters/event-publisher';
import {
  appendLogKeys,
  appendStripeEventKeys,
  countWebhookEvent,
  countWebhookSignatureFailure,
  log,
  telemetry,
} from '../adapters/observability';
import { readSecret } from '../adapters/secrets';
import { stripeClient, stripeKeyLivemode } from '../adapters/stripe-client';
import { HttpError } from '../domain/http-error';
import { logIgnoredEvent, stripeEventSchema } from '../domain/stripe-events';
import { httpHandler } from '../http/http-handler';

const ENDPOINT_BY_PATH: Record<string, { endpoint: StripeEndpoint; secretId: SecretId }> = Object.fromEntries(
  (Object.keys(STRIPE_WEBHOOKS) as StripeEndpoint[]).map((endpoint) => [
    STRIPE_WEBHOOKS[endpoint].path,
    { endpoint, secretId: STRIPE_WEBHOOKS[endpoint].secretId },
  ]),
);

/** Stripe's tolerance, both ways: a replayed old delivery and one signed "in the future" are both refused. */
const TOLERANCE_SECONDS = 300;
/** Stripe's events nest a dozen levels at most; far deeper JSON is not one of them (and would overflow the stack). */
const MAX_JSON_DEPTH = 64;

/** Counted (a spike pages: a forgery attempt, or a webhook secret that no longer matches Stripe's). */
const invalidSignature = (reason: string) => {
  countWebhookSignatureFailure(reason);
  log.warn('Stripe webhook refused: bad signature', { reason });
  return new HttpError(400, 'invalid_signature', 'The Stripe signature does not match.');
};
const notAnEvent = () => new HttpError(400, 'invalid_event', 'The request body is not a Stripe event.');

/** The deepest nesting of objects and arrays in a JSON text, counted without parsing it. */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') deepest = Math.max(deepest, ++depth);
    else if (char === '}' || char === ']') depth--;
  }
  return deepest;
}

/** The `t=` of a `Stripe-Signature` header. */
function signedAt(header: string): number | undefined {
  const match = /(?:^|,)\s*t=(\d+)/.exec(header);
  return match ? Number(match[1]) : undefined;
}

export const handler = httpHandler(async (event) => {
  const route = ENDPOINT_BY_PATH[event.rawPath];
  const signature = event.headers['stripe-signature'];
  if (!route || !signature || !event.body) {
    countWebhookSignatureFailure('missing');
    throw new HttpError(400, 'invalid_signature', 'Missing Stripe signature or body.');
  }
  const rawBody = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const verifier = (await stripeClient()).webhooks.signature;
  if (!verifier) throw new Error('The Stripe SDK has no webhook signature verifier');
  const secret = await readSecret(route.secretId);
  try {
    // Checks the signature, and that it is no older than the tolerance (the SDK checks only the age).
    verifier.verifyHeader(rawBody, signature, secret, TOLERANCE_SECONDS);
  } catch {
    throw invalidSignature('mismatch_or_stale');
  }
  // A timestamp ahead of our clock by more than the tolerance is refused too.
  const timestamp = signedAt(signature);
  if (timestamp === undefined || timestamp - Math.floor(Date.now() / 1000) > TOLERANCE_SECONDS) {
    throw invalidSignature('future_timestamp');
  }

  if (jsonDepth(rawBody) > MAX_JSON_DEPTH) throw notAnEvent();
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw notAnEvent();
  }
  const parsed = stripeEventSchema.safeParse(body);
  if (!parsed.success) throw notAnEvent();
  const stripeEvent = parsed.data;
  appendStripeEventKeys(stripeEvent);
  // For following a payment through the logs only: the consumer decides whether the payment it names is real.
  const metadata = (stripeEvent.data.object as { metadata?: Record<string, unknown> }).metadata;
  if (typeof metadata?.paymentId === 'string') appendLogKeys({ paymentId: metadata.paymentId.slice(0, 64) });
  countWebhookEvent(stripeEvent.type);

  // A live event at a test-mode deployment (or the reverse) is someone else's: acknowledged, so Stripe
  // stops sending it, and dropped.
  if (stripeEvent.livemode !== (await stripeKeyLivemode())) {
    logIgnoredEvent('wrong_livemode', { eventId: stripeEvent.id, livemode: stripeEvent.livemode }, telemetry);
    return { body: { received: true } };
  }
  await publishEvent(STRIPE_EVENT_SOURCES[route.endpoint], stripeEvent.type, stripeEvent);
  log.info('Stripe event received', { endpoint: route.endpoint });
  return { body: { received: true } };
});
