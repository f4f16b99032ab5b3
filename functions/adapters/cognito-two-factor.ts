import {
  AdminGetUserCommand,
  type AuthenticationResultType,
  AdminSetUserMFAPreferenceCommand,
  AssociateSoftwareTokenCommand,
  CodeMismatchException,
  CognitoIdentityProviderClient,
  EnableSoftwareTokenMFAException,
  ExpiredCodeException,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  InvalidParameterException,
  NotAuthorizedException,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ENV } from '../environment';
import type { TwoFactorDirectory } from '../domain/two-factor';

let client: CognitoIdentityProviderClient | undefined;
const cognito = () => (client ??= new CognitoIdentityProviderClient({}));

/** A code Cognito refused: wrong, or used already. */
const isRefusedCode = (error: unknown) =>
  error instanceof CodeMismatchException ||
  error instanceof ExpiredCodeException ||
  error instanceof EnableSoftwareTokenMFAException;

function serverClientId(): string {
  const clientId = process.env[ENV.userPoolServerClientId];
  if (!clientId) throw new Error(`${ENV.userPoolServerClientId} is not set`);
  return clientId;
}

/** The tokens of a finished sign-in: both, or Cognito answered something Paylink does not expect. */
function sessionOf(result: AuthenticationResultType | undefined, codeAsked: boolean) {
  const accessToken = result?.AccessToken;
  const refreshToken = result?.RefreshToken;
  if (!accessToken || !refreshToken) return undefined;
  return { accessToken, refreshToken, codeAsked };
}

/**
 * The merchant's two-factor through Cognito's user-level operations, with a token of the server-only client
 * (the browser's tokens carry no self-service scope, docs/decisions.md #259), signed in with the person's
 * password (and code): no IAM grant (docs/decisions.md #169). Each sign-in's refresh token is revoked once
 * used (RevokeToken, #286).
 */
export const cognitoTwoFactor: TwoFactorDirectory = {
  async signIn(email, password, code) {
    const clientId = serverClientId();
    let started;
    try {
      started = await cognito().send(
        new InitiateAuthCommand({
          ClientId: clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
    } catch (error) {
      if (error instanceof NotAuthorizedException) return 'wrong_password';
      throw error;
    }
    if (started.ChallengeName !== 'SOFTWARE_TOKEN_MFA') {
      const session = sessionOf(started.AuthenticationResult, false);
      if (!session) throw new Error(`Cognito answered the password with ${started.ChallengeName ?? 'no tokens'}`);
      return session;
    }
    if (code === undefined) return 'code_needed';
    try {
      const answered = await cognito().send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: started.Session,
          ChallengeResponses: {
            USERNAME: started.ChallengeParameters?.USER_ID_FOR_SRP ?? email,
            SOFTWARE_TOKEN_MFA_CODE: code,
          },
        }),
      );
      const session = sessionOf(answered.AuthenticationResult, true);
      if (!session) throw new Error('Cognito answered the code with neither tokens nor a refusal');
      return session;
    } catch (error) {
      if (isRefusedCode(error)) return 'wrong_code';
      throw error;
    }
  },

  async associate(accessToken) {
    const { SecretCode } = await cognito().send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    if (!SecretCode) throw new Error('Cognito answered AssociateSoftwareToken with no secret');
    return SecretCode;
  },

  async enableWithCode(accessToken, code) {
    try {
      await cognito().send(
        new VerifySoftwareTokenCommand({
          AccessToken: accessToken,
          UserCode: code,
          FriendlyDeviceName: 'Authenticator app',
        }),
      );
    } catch (error) {
      if (isRefusedCode(error)) return 'wrong_code';
      // No secret to check the code against: the app was never set up (AssociateSoftwareToken).
      if (error instanceof InvalidParameterException) return 'not_set_up';
      throw error;
    }
    await cognito().send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    return 'enabled';
  },

  async disable(accessToken) {
    await cognito().send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
  },

  async restore(personId) {
    const userPoolId = process.env[ENV.userPoolId];
    if (!userPoolId) throw new Error(`${ENV.userPoolId} is not set`);
    // IAM-authorised (the catalogue's `restoresTwoFactor`): the token trigger refuses every sign-in while
    // Cognito's setting is off and Paylink's record on, so no token could do this.
    await cognito().send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: userPoolId,
        Username: personId,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
  },

  async signOutEverywhere(accessToken) {
    await cognito().send(new GlobalSignOutCommand({ AccessToken: accessToken }));
  },

  async revoke(refreshToken) {
    // The server client has token revocation on (infra/constructs/merchant-user-pool.ts) and no secret.
    await cognito().send(new RevokeTokenCommand({ ClientId: serverClientId(), Token: refreshToken }));
  },
};

/**
 * Whether the merchant has the authenticator app on, as Cognito holds it (AdminGetUser, the catalogue's
 * `readsTwoFactor` grant): for the magic link's define trigger and the token trigger (docs/decisions.md #250).
 */
export async function hasTwoFactor(userPoolId: string, username: string): Promise<boolean> {
  const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
  return user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA') === true;
}
