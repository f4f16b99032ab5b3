/**
 * Cognito's self-service scope in tests (docs/decisions.md #259): only the server-only client's access tokens
 * carry it, and a token handed out before the token trigger took it out could still call Cognito's own
 * operations for its last hour — stood in for here by the same token signed again with the scope.
 */
import { SELF_SERVICE_SCOPE } from '@infra/local/cognito/access-tokens';
import { withScope } from '@infra/local/cognito/token-generation';

export { SELF_SERVICE_SCOPE };

/** The `scope` claim of an access token, as a list. */
export function scopesOf(accessToken: string): string[] {
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { scope?: string };
  return (claims.scope ?? '').split(' ').filter(Boolean);
}

/**
 * The same access token as Cognito issued it before the token trigger took the self-service scope out
 * (docs/decisions.md #259): what a token stolen before that deploy could do, for its last hour. Signed with
 * cognito-local's key, as the local Cognito signs.
 */
export const asIssuedBeforeTheScopeWasSuppressed = (accessToken: string): string =>
  withScope(accessToken, SELF_SERVICE_SCOPE);
