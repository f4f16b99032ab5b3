/**
 * Errors answered the way Stripe answers them, so the SDK raises its own error classes
 * (StripeInvalidRequestError for 400/404, StripeCardError for 402). Never 409 or 5xx: the SDK retries those.
 */
export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'authentication_error';

export class StripeApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 404,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  toBody() {
    return { error: { type: this.type, code: this.code, message: this.message, param: this.param } };
  }
}

export function invalidParameter(param: string, message: string, code = 'parameter_invalid_empty') {
  return new StripeApiError(400, 'invalid_request_error', message, code, param);
}

export function missingParameter(param: string) {
  return new StripeApiError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );
}

/** Stripe's 404 for an id it does not know on this account. */
export function noSuchObject(kind: string, id: string, param = 'id') {
  return new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);
}
