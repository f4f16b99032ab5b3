/**
 * What the cloud's merchant authorizer (infra/constructs/origin-check/verify-merchant.ts) does with the
 * token on `merchant` routes: a `Bearer` token whose signature verifies against the issuer's JWKS, that has
 * not expired, whose `iss` is the user pool and whose `aud` (id token) or `client_id` (access token) is our
 * app client. The handler gets the same context the cloud's authorizer answers: `{ sub, email? }`.
 * (The cloud's check of CloudFront's origin header has no local counterpart: there is no CloudFront here.)
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { MerchantAuthorizerContext } from '../constructs/origin-check/verify-merchant';

export type { MerchantAuthorizerContext };

export interface JwtAuthorizer {
  authorize(authorizationHeader: string | undefined): Promise<MerchantAuthorizerContext | undefined>;
}

/** cognito-local serves its JWKS over plain http on the loopback address; the library's fetcher wants https. */
const loopbackFetcher = {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const response = await fetch(uri, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new Error(`JWKS fetch failed: ${response.status}`);
    return response.arrayBuffer();
  },
};

export function createJwtAuthorizer(options: { issuer: string; audience: string[] }): JwtAuthorizer {
  const verifier = JwtRsaVerifier.create(
    { issuer: options.issuer, jwksUri: `${options.issuer}/.well-known/jwks.json`, audience: null },
    { jwksCache: new SimpleJwksCache({ fetcher: loopbackFetcher }) },
  );
  return {
    async authorize(header) {
      const token = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
      if (!token) return undefined;
      try {
        const payload = await verifier.verify(token);
        const audience = payload.aud ?? payload.client_id;
        const audiences = Array.isArray(audience) ? audience : [audience];
        if (!audiences.some((value) => typeof value === 'string' && options.audience.includes(value))) return undefined;
        if (typeof payload.sub !== 'string' || payload.sub.length === 0) return undefined;
        return { sub: payload.sub, ...(typeof payload.email === 'string' && { email: payload.email }) };
      } catch {
        return undefined;
      }
    },
  };
}
