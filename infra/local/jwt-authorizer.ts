/**
 * What API Gateway's JWT authorizer does for `merchant` routes: a `Bearer` token whose signature
 * verifies against the issuer's JWKS, that has not expired, whose `iss` is the user pool and whose
 * `aud` (id token) or `client_id` (access token) is our app client. The claims reach the handler as
 * strings, as API Gateway passes them.
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';

export interface JwtAuthorizer {
  authorize(authorizationHeader: string | undefined): Promise<Record<string, string> | undefined>;
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
        return Object.fromEntries(
          Object.entries(payload).map(([name, value]) => [
            name,
            Array.isArray(value) ? `[${value.join(' ')}]` : String(value),
          ]),
        );
      } catch {
        return undefined;
      }
    },
  };
}
