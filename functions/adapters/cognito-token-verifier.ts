/**
 * The one check of a merchant's Cognito token (docs/decisions.md #160), used by the HTTP API's merchant authorizer
 * (functions/authorizers/merchant-token-authorizer.ts, which the local gateway runs too) and the realtime
 * socket's (functions/realtime/authorize-connection.ts): aws-jwt-verify checks the signature against the
 * issuer's JWKS (fetched once and cached), the issuer, the expiry; we check that `aud` (id token) or
 * `client_id` (access token) is our app client, as API Gateway's JWT authorizer did.
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { ENV } from '../environment';

export interface VerifiedMerchantToken {
  sub: string;
  email?: string;
  /** Epoch seconds when the token stops being valid: a realtime socket opened with it closes then. */
  expiresAt: number;
  /**
   * Epoch seconds of the sign-in the token comes from (`auth_time`, which a refresh keeps; else `iat`):
   * a token signed in before the person's sessions ended is refused (docs/decisions.md #200).
   */
  signedInAt: number;
}

/** Returns the token's merchant when it is valid for our app client, undefined when it is not. */
export type MerchantTokenVerifier = (token: string) => Promise<VerifiedMerchantToken | undefined>;

/**
 * Fetches the JWKS over whatever scheme the issuer uses: Cognito's is https, cognito-local's plain http on
 * the loopback address (the library's own fetcher speaks only https).
 */
const anySchemeFetcher = {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const response = await fetch(uri, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new Error(`JWKS fetch failed: ${response.status}`);
    return response.arrayBuffer();
  },
};

/** A Cognito user pool's issuer, from its id (`ap-southeast-2_abc` → the pool's URL in that region). */
export function cognitoIssuerOf(userPoolId: string): string {
  const region = userPoolId.split('_')[0];
  return `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
}

/** `jwks`: keys given up front (a unit test's) instead of fetching the issuer's. */
export function merchantTokenVerifier(options: {
  issuer: string;
  clientId: string;
  jwks?: Jwks;
}): MerchantTokenVerifier {
  const verifier = JwtRsaVerifier.create(
    { issuer: options.issuer, jwksUri: `${options.issuer}/.well-known/jwks.json`, audience: null },
    { jwksCache: new SimpleJwksCache({ fetcher: anySchemeFetcher }) },
  );
  if (options.jwks) verifier.cacheJwks(options.jwks);
  return async (token) => {
    try {
      const payload = await verifier.verify(token);
      const audience = payload.aud ?? payload.client_id;
      const audiences = Array.isArray(audience) ? audience : [audience];
      if (!audiences.includes(options.clientId)) return undefined;
      if (typeof payload.sub !== 'string' || payload.sub.length === 0 || typeof payload.exp !== 'number') {
        return undefined;
      }
      const signedInAt = typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat;
      return {
        sub: payload.sub,
        ...(typeof payload.email === 'string' && { email: payload.email }),
        expiresAt: payload.exp,
        signedInAt: typeof signedInAt === 'number' ? signedInAt : 0,
      };
    } catch {
      return undefined;
    }
  };
}

let fromEnvironment: { key: string; verify: MerchantTokenVerifier } | undefined;

/**
 * The verifier for this function's pool, made once per cold start: the issuer is `TOKEN_ISSUER` where the
 * runtime sets it (the catalogue functions; cognito-local's differs from Cognito's), else the pool's own.
 */
export function merchantTokenVerifierFromEnvironment(): MerchantTokenVerifier {
  const userPoolId = process.env[ENV.userPoolId];
  const issuer = process.env[ENV.tokenIssuer] || (userPoolId && cognitoIssuerOf(userPoolId));
  const clientId = process.env[ENV.userPoolClientId];
  if (!issuer || !clientId) {
    throw new Error(`${ENV.userPoolClientId} and ${ENV.tokenIssuer} or ${ENV.userPoolId} must be set`);
  }
  // Keyed by both, so a test process that starts a second local runtime (another issuer) gets its own.
  const key = `${issuer} ${clientId}`;
  if (fromEnvironment?.key !== key) fromEnvironment = { key, verify: merchantTokenVerifier({ issuer, clientId }) };
  return fromEnvironment.verify;
}

/** Verifies a token with this function's pool (the realtime socket's authorizer). */
export async function verifyMerchantToken(token: string): Promise<VerifiedMerchantToken | undefined> {
  return merchantTokenVerifierFromEnvironment()(token);
}
