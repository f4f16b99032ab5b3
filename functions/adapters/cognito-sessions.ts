import {
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
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
