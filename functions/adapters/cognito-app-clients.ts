import {
  CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';

let client: CognitoIdentityProviderClient | undefined;
/** A client's name never changes: one DescribeUserPoolClient per client for as long as the function is warm. */
const names = new Map<string, Promise<string | undefined>>();

/**
 * The name of the app client a token is being issued to (the token trigger's `callerContext.clientId`),
 * through DescribeUserPoolClient (the trigger's grant on its pool, docs/decisions.md #259).
 */
export function appClientName(userPoolId: string, clientId: string): Promise<string | undefined> {
  const key = `${userPoolId}/${clientId}`;
  let name = names.get(key);
  if (!name) {
    client ??= new CognitoIdentityProviderClient({});
    name = client
      .send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }))
      .then((answer) => answer.UserPoolClient?.ClientName);
    // A failed lookup is not remembered: the next token issue asks again.
    name.catch(() => names.delete(key));
    names.set(key, name);
  }
  return name;
}
