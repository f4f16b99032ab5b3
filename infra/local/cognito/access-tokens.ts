/**
 * The check every operation that takes an access token runs first, as Cognito runs it: the signature
 * (cognito-local signs with one RS256 key shipped in its package, and its own operations only decode
 * the token), the expiry, the self-service scope, and whether a global sign-out has revoked it since.
 */
import { createPublicKey, verify as verifySignature, type JsonWebKey } from 'node:crypto';
import { createRequire } from 'node:module';
import type { CognitoErrors, CognitoServices, CognitoUser, UserPool } from './cognito-local-types';

const COGNITO_LOCAL_KEY = createPublicKey({
  key: (createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: JsonWebKey }).jwk,
  format: 'jwk',
});

/**
 * The claims of a token cognito-local signed, or undefined: an `alg: none` or re-signed token is refused
 * (one turned a merchant's two-factor off before this check).
 */
export function signedClaims(token: unknown): Record<string, unknown> | undefined {
  try {
    const [header = '', payload = '', signature = ''] = String(token).split('.');
    const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
    const signed = Buffer.from(`${header}.${payload}`);
    if (
      alg !== 'RS256' ||
      !verifySignature('RSA-SHA256', signed, COGNITO_LOCAL_KEY, Buffer.from(signature, 'base64url'))
    )
      return undefined;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown;
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The scope Cognito's self-service operations (GetUser, AssociateSoftwareToken, GlobalSignOut…) require of
 * an access token: "Must include a scope claim for aws.cognito.signin.user.admin" (Cognito API reference).
 * The token trigger leaves it out of the browser's tokens (docs/decisions.md #259).
 */
export const SELF_SERVICE_SCOPE = 'aws.cognito.signin.user.admin';

/** The pool and user an access token names, or NotAuthorizedException in Cognito's words. */
export function accessTokenVerifier(services: CognitoServices, errors: CognitoErrors) {
  return async function userOfAccessToken(
    ctx: unknown,
    token: unknown,
  ): Promise<{ pool: UserPool; user: CognitoUser }> {
    const claims = signedClaims(token);
    if (!claims || claims.token_use !== 'access') throw new errors.NotAuthorizedError('Invalid Access Token');
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now())
      throw new errors.NotAuthorizedError('Access Token has expired');
    if (
      !String(claims.scope ?? '')
        .split(' ')
        .includes(SELF_SERVICE_SCOPE)
    )
      throw new errors.NotAuthorizedError('Access Token does not have required scopes');
    const pool = await services.cognito
      .getUserPoolForClientId(ctx, String(claims.client_id ?? ''))
      .catch(() => undefined);
    const user = pool && (await pool.getUserByUsername(ctx, String(claims.sub ?? '')));
    if (!pool || !user) throw new errors.NotAuthorizedError('Invalid Access Token');
    if (user.TokensRevokedBefore !== undefined && Number(claims.iat) < user.TokensRevokedBefore)
      throw new errors.NotAuthorizedError('Access Token has been revoked');
    return { pool, user };
  };
}
export type UserOfAccessToken = ReturnType<typeof accessTokenVerifier>;

/**
 * Ends every session of a user, as Cognito's GlobalSignOut and AdminUserGlobalSignOut do: no refresh
 * token of theirs works again, and no access token issued so far is accepted by Cognito's own operations.
 * Tokens carry their issue time in whole seconds, so the cut is the next whole second, and the answer
 * waits for it: every token issued before the answer is revoked, every one issued after it is not.
 */
export async function revokeSessions(ctx: unknown, pool: UserPool, user: CognitoUser) {
  const cut = Math.floor(Date.now() / 1000) + 1;
  await pool.saveUser(ctx, { ...user, RefreshTokens: [], TokensRevokedBefore: cut });
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, cut * 1000 - Date.now())));
}
