/**
 * Stripe failing while a person waits (checkout, connect, the billing portal) is not their mistake and not
 * a crash of ours: it is a 502 in the product's words for it, with Stripe's reason for merchants and without it
 * for payers. The original error is logged; anything that is not Stripe's stays a 500.
 */
import type { StripeFailure } from './stripe-port';
import { HttpError } from './http-error';
import type { Telemetry } from './telemetry';

export const STRIPE_ERROR_CODE = 'stripe_error';

/**
 * Whether `error` is one the Stripe SDK threw: each of its errors names its class in `type`
 * (StripeCardError, StripeInvalidRequestError…). Read by shape, so the domain needs no Stripe SDK at run time.
 */
export function isStripeError(error: unknown): error is StripeFailure {
  const type = (error as { type?: unknown } | null)?.type;
  return error instanceof Error && typeof type === 'string' && type.startsWith('Stripe');
}

/**
 * Runs a Stripe call; a Stripe failure becomes a 502 whose message `describe` writes from Stripe's own
 * message. Other errors pass through unchanged.
 */
export async function duringStripeCall<T>(
  work: () => Promise<T>,
  describe: (stripeMessage: string) => string,
  telemetry: Pick<Telemetry, 'log'>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asStripeFailure(error, describe, telemetry);
  }
}

export function asStripeFailure(
  error: unknown,
  describe: (stripeMessage: string) => string,
  telemetry: Pick<Telemetry, 'log'>,
): unknown {
  if (!isStripeError(error)) return error;
  telemetry.log.error('Stripe call failed', {
    type: error.type,
    code: error.code,
    statusCode: error.statusCode,
    stripeRequestId: error.requestId,
    error: error.message,
  });
  return new HttpError(502, STRIPE_ERROR_CODE, describe(error.message));
}
