import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { ENV } from '../environment';

export interface VerifiedMerchantToken {
  sub: string;
  email?: string;
  /** Epoch seconds when the token stops being valid: a realtime socket opened with it closes then. */
  expiresAt: number;
}

/** Fetches the JWKS over whatever scheme the issuer uses (the library's own fetcher only speaks https). */
const fetcher = {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const response = await fetch(uri, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new Error(`JWKS fetch failed: ${response.status}`);
    return response.arrayBuffer();
  },
};

let verifier: ReturnType<typeof JwtRsaVerifier.create> | undefined;

function tokenVerifier() {
  const issuer = process.env[ENV.tokenIssuer];
  if (!issuer) throw new Error(`${ENV.tokenIssuer} is not set`);
  verifier ??= JwtRsaVerifier.create(
    { issuer, jwksUri: `${issuer}/.well-known/jwks.json`, audience: null },
    { jwksCache: new SimpleJwksCache({ fetcher }) },
  );
  return verifier;
}

/**
 * Verifies a user-pool token the way API Gateway's JWT authorizer does: signature, issuer, expiry, and
 * an `aud` (id token) or `client_id` (access token) equal to our app client. Returns undefined when not valid.
 */
export async function verifyMerchantToken(token: string): Promise<VerifiedMerchantToken | undefined> {
  const clientId = process.env[ENV.userPoolClientId];
  try {
    const payload = await tokenVerifier().verify(token);
    const audience = payload.aud ?? payload.client_id;
    const audiences = Array.isArray(audience) ? audience : [audience];
    if (!clientId || !audiences.includes(clientId) || typeof payload.sub !== 'string') return undefined;
    if (typeof payload.exp !== 'number') return undefined;
    return {
      sub: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : undefined,
      expiresAt: payload.exp,
    };
  } catch {
    return undefined;
  }
}
