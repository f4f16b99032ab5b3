import {
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  GlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { SessionDirectory } from '../domain/sessions';

let client: CognitoIdentityProviderClient | undefined;

/** Cognito's AdminUserGlobalSignOut, IAM-authorised (the catalogue's `signsOutUsers` grant). */
export const cognitoSessions: SessionDirectory = {
  async signOutEverywhere(userPoolId, username) {
    client ??= new CognitoIdentityProviderClient({});
    await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username }));
  },
};

/** Cognito's GlobalSignOut with the person's own access token: no IAM grant, as the browser would call it. */
export async function signOutEverywhereWithToken(accessToken: string): Promise<void> {
  client ??= new CognitoIdentityProviderClient({});
  await client.send(new GlobalSignOutCommand({ AccessToken: accessToken }));
}
