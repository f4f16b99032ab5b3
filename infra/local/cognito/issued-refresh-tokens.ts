/**
 * Every refresh token the local Cognito hands out, by app client, kept in memory for tests: a refresh token
 * that Paylink's server obtains (its own sign-in for two-factor, docs/decisions.md #286) never reaches the
 * test, which needs it to show that the token no longer works. The list lives as long as the runtime does
 * and is not on the wire: only code in the runtime's own process can read it.
 */
import type { CognitoServices } from './cognito-local-types';

type TokenGenerator = CognitoServices['tokenGenerator'];

export interface IssuedRefreshTokens {
  /** The refresh tokens issued to that app client, oldest first. */
  issuedTo(clientId: string): readonly string[];
}

/** Wraps the token generator: each issue that carries a refresh token is noted under its app client. */
export function recordingRefreshTokens(inner: TokenGenerator): {
  generator: TokenGenerator;
  issued: IssuedRefreshTokens;
} {
  const byClient = new Map<string, string[]>();
  const generator: TokenGenerator = {
    async generate(ctx, user, groups, client, clientMetadata, source) {
      const tokens = await inner.generate(ctx, user, groups, client, clientMetadata, source);
      const clientId = (client as { ClientId: string }).ClientId;
      if (tokens.RefreshToken) byClient.set(clientId, [...(byClient.get(clientId) ?? []), tokens.RefreshToken]);
      return tokens;
    },
  };
  return { generator, issued: { issuedTo: (clientId) => byClient.get(clientId) ?? [] } };
}
