/**
 * What cognito-local lacks and Paylink uses, added around it for the local runtime only (the cloud uses
 * Cognito itself). Each group lives in `cognito/` by its reason to change:
 *   - access-tokens: the signature, expiry and revocation check every operation with an AccessToken
 *     runs first (cognito-local's own operations only decode the token);
 *   - sessions: tokens for a finished sign-in, GetTokensFromRefreshToken (how Amplify 6 refreshes),
 *     GlobalSignOut and AdminUserGlobalSignOut, which revoke as Cognito does;
 *   - password-sign-in and lockout: NotAuthorized for a wrong password, Cognito's temporary lockout;
 *   - totp: authenticator-app two-factor (docs/decisions.md #23);
 *   - custom-auth: CUSTOM_AUTH (the magic link), driving the catalogue's define/create/verify triggers;
 *   - account-recovery: ConfirmSignUp, ForgotPassword, ConfirmForgotPassword, ResendConfirmationCode,
 *     with the PostConfirmation trigger and no user-existence errors;
 *   - triggers and mailbox-sender: the catalogue's triggers run in process, Cognito's emails go to the
 *     local mailbox;
 *   - token-generation: the pre token trigger's version 2 event, its scope changes applied to the access
 *     token (docs/decisions.md #259).
 * Every other operation is cognito-local's own.
 */
import type { FunctionSpec } from '@functions/function-spec';
import { accessTokenVerifier } from './cognito/access-tokens';
import { accountRecoveryOperations } from './cognito/account-recovery';
import type { CognitoErrors, CognitoRouter, CognitoServices, Target } from './cognito/cognito-local-types';
import { customAuthOperations } from './cognito/custom-auth';
import { Lockouts } from './cognito/lockout';
import { passwordSignIn } from './cognito/password-sign-in';
import { sessionOperations } from './cognito/sessions';
import { totpOperations } from './cognito/totp';
import { triggerRunner } from './cognito/triggers';

export type { CognitoErrors, CognitoRouter, CognitoServices } from './cognito/cognito-local-types';
export { inProcessLambda, triggerRunner } from './cognito/triggers';
export { versionTwoTokenGenerator } from './cognito/token-generation';
export { mailboxMessageSender } from './cognito/mailbox-sender';

export function extendCognitoRouter(
  router: CognitoRouter,
  services: CognitoServices,
  errors: CognitoErrors,
  functions: readonly FunctionSpec[],
): CognitoRouter {
  const deps = { router, services, errors, functions };
  const userOfAccessToken = accessTokenVerifier(services, errors);
  const triggers = triggerRunner(functions, errors);
  const sessions = sessionOperations(deps, userOfAccessToken);
  // One lockout per sign-in name, counting wrong passwords and wrong authenticator codes alike.
  const signInLockouts = new Lockouts();
  const totp = totpOperations(deps, userOfAccessToken, sessions.issueTokens, signInLockouts);
  const customAuth = customAuthOperations(deps, triggers, sessions.issueTokens);
  const passwordInitiate = passwordSignIn(deps, signInLockouts, totp.startChallenge);

  const extensions: Record<string, Target> = {
    ...sessions.operations,
    ...totp.operations,
    ...accountRecoveryOperations(deps, triggers),
    async InitiateAuth(ctx, request) {
      if (request.AuthFlow === 'USER_PASSWORD_AUTH') return passwordInitiate(ctx, request);
      if (request.AuthFlow === 'CUSTOM_AUTH') return customAuth.initiate(ctx, request);
      return router('InitiateAuth')(ctx, request);
    },
    async RespondToAuthChallenge(ctx, request) {
      if (request.ChallengeName === 'SOFTWARE_TOKEN_MFA') return totp.answerChallenge(ctx, request);
      if (request.ChallengeName === 'CUSTOM_CHALLENGE') return customAuth.respond(ctx, request);
      return router('RespondToAuthChallenge')(ctx, request);
    },
  };

  return (target) => {
    const operation = extensions[target] ?? router(target);
    // Every operation that takes an access token, ours and cognito-local's, refuses a forged, expired or
    // revoked one before doing anything, as Cognito does.
    return async (ctx, request) => {
      if (request.AccessToken !== undefined) await userOfAccessToken(ctx, request.AccessToken);
      return operation(ctx, request);
    };
  };
}
