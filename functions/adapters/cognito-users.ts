import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  InvalidParameterException,
  InvalidPasswordException,
  ResendConfirmationCodeCommand,
  SignUpCommand,
  UserNotFoundException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { JOINS_TEAM_METADATA } from '@shared/joining-team';
import { ENV } from '../environment';
import type { UserDirectory } from '../domain/signup';

let client: CognitoIdentityProviderClient | undefined;

function clientIdAndClient() {
  const clientId = process.env[ENV.userPoolClientId];
  if (!clientId) throw new Error(`${ENV.userPoolClientId} is not set`);
  client ??= new CognitoIdentityProviderClient({});
  return { clientId, client };
}

/** Cognito's public SignUp, as the web client: no IAM grant needed, and the pre-sign-up trigger checks the ticket. */
export const cognitoUsers: UserDirectory = {
  async signUp({ email, password, fullName, signupTicket, joinsTeam }) {
    const { clientId, client } = clientIdAndClient();
    try {
      const result = await client.send(
        new SignUpCommand({
          ClientId: clientId,
          Username: email,
          Password: password,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'name', Value: fullName },
          ],
          // Cognito hands ClientMetadata to the pre-sign-up and the custom-message triggers (auth/custom-message.ts).
          ClientMetadata: { signupTicket, ...(joinsTeam ? { [JOINS_TEAM_METADATA]: 'true' } : {}) },
        }),
      );
      return { outcome: 'created', userId: result.UserSub! };
    } catch (error) {
      if (error instanceof UsernameExistsException) return { outcome: 'exists' };
      if (error instanceof InvalidPasswordException) return { outcome: 'weak-password', message: error.message };
      throw error;
    }
  },
  async resendVerification(email) {
    const { clientId, client } = clientIdAndClient();
    try {
      await client.send(new ResendConfirmationCodeCommand({ ClientId: clientId, Username: email }));
    } catch (error) {
      // Cognito's answer for a user who has confirmed already: nothing to send.
      if (error instanceof InvalidParameterException) return;
      throw error;
    }
  },
  async userOf(userId) {
    const userPoolId = process.env[ENV.userPoolId];
    if (!userPoolId) throw new Error(`${ENV.userPoolId} is not set`);
    client ??= new CognitoIdentityProviderClient({});
    let user;
    try {
      // IAM-authorised (the catalogue's `readsTwoFactor` grant, AdminGetUser only, docs/decisions.md #259).
      user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: userId }));
    } catch (error) {
      if (error instanceof UserNotFoundException) return undefined;
      throw error;
    }
    const attribute = (name: string) => user.UserAttributes?.find((candidate) => candidate.Name === name)?.Value;
    const email = attribute('email');
    return email ? { email, name: attribute('name') } : undefined;
  },
};
