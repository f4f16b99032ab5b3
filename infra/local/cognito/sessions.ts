/**
 * Sessions: tokens for a finished sign-in, refreshing them (how Amplify 6 refreshes), and ending them —
 * GlobalSignOut (a merchant's "Sign out everywhere") and AdminUserGlobalSignOut (what the post-confirmation
 * trigger calls after a password reset). cognito-local has none of these as Paylink needs them.
 */
import { revokeSessions, type UserOfAccessToken } from './access-tokens';
import type { CognitoUser, ExtensionDeps, Target, UserPool } from './cognito-local-types';

export function sessionOperations({ router, services, errors }: ExtensionDeps, userOfAccessToken: UserOfAccessToken) {
  /**
   * Tokens for a finished sign-in, minted as cognito-local mints them for a password sign-in (its
   * JwtTokenGenerator, with the pre-token trigger), with the refresh token stored so that Amplify can
   * refresh with it and a global sign-out can revoke it.
   */
  async function issueTokens(
    ctx: unknown,
    pool: UserPool,
    user: CognitoUser,
    clientId: string,
    clientMetadata: Record<string, string> | undefined,
  ) {
    const client = await services.cognito.getAppClient(ctx, clientId);
    const groups = await pool.listUserGroupMembership(ctx, user);
    const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, clientMetadata, 'Authentication');
    await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
    return { ChallengeParameters: {}, AuthenticationResult: { ...tokens, ExpiresIn: 3600, TokenType: 'Bearer' } };
  }

  const operations: Record<string, Target> = {
    async GetTokensFromRefreshToken(ctx, request) {
      const result = (await router('InitiateAuth')(ctx, {
        ClientId: request.ClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: request.RefreshToken },
      })) as { AuthenticationResult: Record<string, unknown> };
      return {
        AuthenticationResult: {
          ...result.AuthenticationResult,
          // Without rotation Cognito hands back no new refresh token; Amplify keeps the one it has.
          RefreshToken: undefined,
          ExpiresIn: 3600,
          TokenType: 'Bearer',
        },
      };
    },

    async GlobalSignOut(ctx, request) {
      const { pool, user } = await userOfAccessToken(ctx, request.AccessToken);
      await revokeSessions(ctx, pool, user);
      return {};
    },

    async AdminUserGlobalSignOut(ctx, request) {
      // IAM-authorised in Cognito; cognito-local checks no credentials for any admin operation.
      const pool = await services.cognito.getUserPool(ctx, String(request.UserPoolId));
      const user = await pool.getUserByUsername(ctx, String(request.Username));
      if (!user) throw new errors.UserNotFoundError('User does not exist.');
      await revokeSessions(ctx, pool, user);
      return {};
    },
  };
  return { issueTokens, operations };
}
export type IssueTokens = ReturnType<typeof sessionOperations>['issueTokens'];
