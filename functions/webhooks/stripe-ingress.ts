/**
 * Stripe's webhooks, for Paylink's own account (`/api/webhooks/stripe`: the subscription) and for the
 * merchants' connected accounts (`/api/webhooks/stripe-connect`: onboarding, payments). The signature is
 * checked on the raw body with that endpoint's secret; a bad or stale one is a 400 and nothing happens.
 * A good event is put on the bus and answered at once: the consumers do the work, idempotently.
 */
import { STRIPE_EVENT_SOURCE, type SecretId } from '../catalog';
import { publishEvent } from '../adapters/event-publisher';
import { readSecret } from '../adapters/secrets';
import { stripeClient } from '../adapters/stripe-client';
import { HttpError } from '../domain/http-error';
import { httpHandler } from '../http/http-handler';

const SECRET_BY_PATH: Record<string, SecretId> = {
  '/api/webhooks/stripe': 'stripe-webhook-secret',
  '/api/webhooks/stripe-connect': 'stripe-connect-webhook-secret',
};

export const handler = httpHandler(async (event) => {
  const secretId = SECRET_BY_PATH[event.rawPath];
  const signature = event.headers['stripe-signature'];
  if (!secretId || !signature || !event.body) {
    throw new HttpError(400, 'invalid_signature', 'Missing Stripe signature or body.');
  }
  const rawBody = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const stripe = await stripeClient();
  let stripeEvent;
  try {
    // Default tolerance: 5 minutes, so a replayed old delivery is refused too.
    stripeEvent = stripe.webhooks.constructEvent(rawBody, signature, await readSecret(secretId));
  } catch {
    throw new HttpError(400, 'invalid_signature', 'The Stripe signature does not match.');
  }
  await publishEvent(STRIPE_EVENT_SOURCE, stripeEvent.type, stripeEvent);
  return { body: { received: true } };
});
