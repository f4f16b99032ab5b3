/**
 * The HTTP API's Lambda authorizer on every route that has no token to check (public and Stripe's
 * webhooks): it lets a request through only when it carries the secret header CloudFront adds on its way
 * to the API, so the API's own execute-api URL cannot be used to walk around the WAF. API Gateway caches
 * the answer per header value (infra/constructs/origin-check.ts), so this runs about once an hour, not per
 * request; a request with no header at all is refused by API Gateway without running it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** The header CloudFront adds to every request it sends to the API (an origin custom header). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** Environment variable carrying the ARN of the secret whose value CloudFront sends. */
export const ORIGIN_SECRET_ARN_ENV = 'ORIGIN_SECRET_ARN';
/** A value put with put-secret-value takes effect within this time. */
const SECRET_REFRESH_MS = 5 * 60_000;

/** Compares in constant time (over digests, so lengths leak nothing either). */
export function isExpectedOriginSecret(offered: string | undefined, expected: string): boolean {
  if (!offered || !expected) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(offered), digest(expected));
}

export type SecretReader = (arn: string) => Promise<string>;

const readFromSecretsManager: SecretReader = async (arn) => {
  const client = new SecretsManagerClient({});
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  if (!SecretString) throw new Error('The origin secret has no value');
  return SecretString;
};

export function verifyOriginHandler(readSecret: SecretReader = readFromSecretsManager, now = () => Date.now()) {
  let cached: { value: string; readAt: number } | undefined;
  return async (event: { headers?: Record<string, string | undefined> }): Promise<{ isAuthorized: boolean }> => {
    const arn = process.env[ORIGIN_SECRET_ARN_ENV];
    if (!arn) throw new Error(`${ORIGIN_SECRET_ARN_ENV} is not set`);
    if (!cached || now() - cached.readAt > SECRET_REFRESH_MS) cached = { value: await readSecret(arn), readAt: now() };
    return { isAuthorized: isExpectedOriginSecret(event.headers?.[ORIGIN_VERIFY_HEADER], cached.value) };
  };
}

export const handler = verifyOriginHandler();
