/**
 * The HTTP API's Lambda authorizer on every route that has no token to check (public and Stripe's
 * webhooks; catalogue: functions/catalog/http-authorizers.ts): it lets a request through only when it
 * carries the secret header CloudFront adds on its way to the API, so the API's own execute-api URL cannot
 * be used to walk around the WAF. API Gateway caches the answer per header value
 * (infra/constructs/origin-check.ts), so this runs about once an hour, not per request; a request with no
 * header at all is refused by API Gateway without running it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ORIGIN_SECRET_ENV, ORIGIN_VERIFY_HEADER } from '../environment';

export { ORIGIN_VERIFY_HEADER };
export const ORIGIN_SECRET_ARN_ENV = ORIGIN_SECRET_ENV.arn;
/** A value put with put-secret-value takes effect within this time. */
const SECRET_REFRESH_MS = 5 * 60_000;

/** Compares in constant time (over digests, so lengths leak nothing either). */
export function isExpectedOriginSecret(offered: string | undefined, expected: string): boolean {
  if (!offered || !expected) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(offered), digest(expected));
}

export type SecretReader = (arn: string) => Promise<string>;

// Loaded lazily: the local runtime, and a test that passes its own reader, never build an AWS client.
const readFromSecretsManager: SecretReader = async (arn) => {
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  if (!SecretString) throw new Error('The origin secret has no value');
  return SecretString;
};

/** The origin secret, read from Secrets Manager at most every SECRET_REFRESH_MS (or the local runtime's value). */
export function originSecretReader(readSecret: SecretReader = readFromSecretsManager, now = () => Date.now()) {
  let cached: { value: string; readAt: number } | undefined;
  return {
    async matches(offered: string | undefined): Promise<boolean> {
      const localValue = process.env[ORIGIN_SECRET_ENV.value];
      if (localValue) return isExpectedOriginSecret(offered, localValue);
      const arn = process.env[ORIGIN_SECRET_ARN_ENV];
      if (!arn) throw new Error(`${ORIGIN_SECRET_ARN_ENV} is not set`);
      if (!cached || now() - cached.readAt > SECRET_REFRESH_MS)
        cached = { value: await readSecret(arn), readAt: now() };
      return isExpectedOriginSecret(offered, cached.value);
    },
  };
}

export function originAuthorizer(readSecret?: SecretReader, now?: () => number) {
  const originSecret = originSecretReader(readSecret, now);
  return async (event: { headers?: Record<string, string | undefined> }): Promise<{ isAuthorized: boolean }> => ({
    isAuthorized: await originSecret.matches(event.headers?.[ORIGIN_VERIFY_HEADER]),
  });
}

export const handler = originAuthorizer();
