import {
  CognitoIdentityProviderClient,
  InvalidPasswordException,
  SignUpCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { ENV } from '../catalog';
import type { UserDirectory } from '../domain/signup';

let client: CognitoIdentityProviderClient | undefined;

/** Cognito's public SignUp, as the web client: no IAM grant needed, and the pre-sign-up trigger checks the ticket. */
export const cognitoUsers: UserDirectory = {
  async signUp({ email, password, fullName, signupTicket }) {
    const clientId = process.env[ENV.userPoolClientId];
    if (!clientId) throw new Error(`${ENV.userPoolClientId} is not set`);
    client ??= new CognitoIdentityProviderClient({});
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
          ClientMetadata: { signupTicket },
        }),
      );
      return { outcome: 'created', userId: result.UserSub! };
    } catch (error) {
      if (error instanceof UsernameExistsException) return { outcome: 'exists' };
      if (error instanceof InvalidPasswordException) return { outcome: 'weak-password', message: error.message };
      throw error;
    }
  },
};
