/**
 * The HTTP API's Lambda authorizer on merchant routes. An HTTP API route takes one authorizer, so this one
 * does both jobs: the request must carry CloudFront's secret origin header (as verify-origin.ts checks on
 * the routes without a token) AND a merchant token from our user pool in `Authorization` (signature,
 * issuer, expiry and app client — what API Gateway's JWT authorizer checked before). Without the first, a
 * merchant's valid token would let the execute-api URL walk around CloudFront's WAF.
 *
 * It answers the simple response; its `context` reaches the handler as `requestContext.authorizer.lambda`
 * (functions/http/http-handler.ts `merchantIdOf`). API Gateway caches the answer per (origin header,
 * token) for a short time (infra/constructs/origin-check.ts) and refuses without invoking it a request
 * missing either header.
 */
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';
import {
  ORIGIN_SECRET_ARN_ENV,
  ORIGIN_VERIFY_HEADER,
  isExpectedOriginSecret,
  type SecretReader,
} from './verify-origin';

/** Environment variables naming the user pool and its app client whose tokens are accepted. */
export const MERCHANT_USER_POOL_ID_ENV = 'USER_POOL_ID';
export const MERCHANT_CLIENT_ID_ENV = 'USER_POOL_CLIENT_ID';
/** A value put with put-secret-value takes effect within this time (as in verify-origin.ts). */
const SECRET_REFRESH_MS = 5 * 60_000;

/** What a handler reads from `requestContext.authorizer.lambda`: strings only, as API Gateway passes them. */
export interface MerchantAuthorizerContext {
  sub: string;
  email?: string;
}

export interface MerchantAuthorizerResponse {
  isAuthorized: boolean;
  context?: MerchantAuthorizerContext;
}

/** Returns the token's claims when it is valid for our app client, or throws. */
export type TokenVerifier = (token: string) => Promise<Record<string, unknown>>;

/**
 * The cloud's verifier: aws-jwt-verify's Cognito verifier checks signature (JWKS fetched from the pool and
 * cached), `iss` = the pool, `exp`, and `aud` (id token) or `client_id` (access token) = our app client.
 */
export function cognitoTokenVerifier(userPoolId: string, clientId: string, jwks?: Jwks): TokenVerifier {
  const verifier = CognitoJwtVerifier.create({ userPoolId, clientId, tokenUse: null });
  // Keys given up front (a test's) are used instead of fetching the pool's.
  if (jwks) verifier.cacheJwks(jwks);
  return async (token) => verifier.verify(token);
}

function fromSecretsManager(): SecretReader {
  // Loaded lazily so a test that passes its own reader never builds an AWS client.
  return async (arn) => {
    const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
    const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
    if (!SecretString) throw new Error('The origin secret has no value');
    return SecretString;
  };
}

function cloudVerifier(): TokenVerifier {
  const userPoolId = process.env[MERCHANT_USER_POOL_ID_ENV];
  const clientId = process.env[MERCHANT_CLIENT_ID_ENV];
  if (!userPoolId || !clientId)
    throw new Error(`${MERCHANT_USER_POOL_ID_ENV} and ${MERCHANT_CLIENT_ID_ENV} must be set`);
  return cognitoTokenVerifier(userPoolId, clientId);
}

export function verifyMerchantHandler(
  options: { readSecret?: SecretReader; verifyToken?: TokenVerifier; now?: () => number } = {},
) {
  const readSecret = options.readSecret ?? fromSecretsManager();
  const now = options.now ?? (() => Date.now());
  let verifyToken = options.verifyToken;
  let cached: { value: string; readAt: number } | undefined;
  return async (event: { headers?: Record<string, string | undefined> }): Promise<MerchantAuthorizerResponse> => {
    const arn = process.env[ORIGIN_SECRET_ARN_ENV];
    if (!arn) throw new Error(`${ORIGIN_SECRET_ARN_ENV} is not set`);
    if (!cached || now() - cached.readAt > SECRET_REFRESH_MS) cached = { value: await readSecret(arn), readAt: now() };
    // The origin first: a request that skipped CloudFront is refused whatever token it carries.
    if (!isExpectedOriginSecret(event.headers?.[ORIGIN_VERIFY_HEADER], cached.value)) return { isAuthorized: false };

    const token = /^Bearer (.+)$/i.exec(event.headers?.authorization ?? '')?.[1];
    if (!token) return { isAuthorized: false };
    verifyToken ??= cloudVerifier();
    let claims: Record<string, unknown>;
    try {
      claims = await verifyToken(token);
    } catch {
      return { isAuthorized: false };
    }
    if (typeof claims.sub !== 'string' || claims.sub.length === 0) return { isAuthorized: false };
    const context: MerchantAuthorizerContext = { sub: claims.sub };
    if (typeof claims.email === 'string') context.email = claims.email;
    return { isAuthorized: true, context };
  };
}

export const handler = verifyMerchantHandler();
