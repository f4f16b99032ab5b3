/**
 * Token issue as a user pool on the Essentials plan runs it with a version 2 pre token generation trigger
 * (docs/decisions.md #259): one event before every issue, its response applied to the access token too —
 * `claimsAndScopeOverrideDetails.accessTokenGeneration.scopesToSuppress` takes scopes out of its `scope`
 * claim. cognito-local runs only version 1 (the ID token's claims), so the catalogue's trigger runs here
 * instead of through cognito-local's LambdaService, and the access token is signed again when it changes.
 */
import { createPrivateKey, sign as signWith, type JsonWebKey } from 'node:crypto';
import { createRequire } from 'node:module';
import type { CognitoErrors, CognitoServices, CognitoUser } from './cognito-local-types';
import { attributesOf } from './cognito-local-types';
import { SELF_SERVICE_SCOPE } from './access-tokens';
import type { TriggerRunner } from './triggers';

const COGNITO_LOCAL_PRIVATE_KEY = createPrivateKey({
  key: (createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JsonWebKey }).jwk,
  format: 'jwk',
});

/** What a V2 trigger may answer for the access token (the ID token's part is not used by Paylink). */
interface AccessTokenGeneration {
  scopesToSuppress?: string[];
  scopesToAdd?: string[];
}

type TokenGenerator = CognitoServices['tokenGenerator'];

/** The same token with a new `scope` claim, signed with cognito-local's key under the same header. */
export function withScope(token: string, scope: string): string {
  const [header = '', payload = ''] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const body = Buffer.from(JSON.stringify({ ...claims, scope })).toString('base64url');
  const signature = signWith('RSA-SHA256', Buffer.from(`${header}.${body}`), COGNITO_LOCAL_PRIVATE_KEY);
  return `${header}.${body}.${signature.toString('base64url')}`;
}

/**
 * Wraps cognito-local's generator (which must run no pre token trigger of its own): the catalogue's trigger
 * gets Cognito's V2 event first, a failure issues nothing (UserLambdaValidationException with the
 * trigger's words, as Cognito answers), and its scope changes are applied to the access token.
 */
export function versionTwoTokenGenerator(
  inner: TokenGenerator,
  triggers: TriggerRunner,
  errors: CognitoErrors,
): TokenGenerator {
  return {
    async generate(ctx, user: CognitoUser, groups, client, clientMetadata, source) {
      const appClient = client as { ClientId: string; UserPoolId: string };
      let changes: AccessTokenGeneration = {};
      if (triggers.has('preTokenGeneration')) {
        const response = await triggers.run(
          'preTokenGeneration',
          `TokenGeneration_${source}`,
          {
            version: '2',
            userPoolId: appClient.UserPoolId,
            userName: user.Username,
            callerContext: { awsSdkVersion: 'local', clientId: appClient.ClientId },
          },
          {
            userAttributes: attributesOf(user),
            scopes: [SELF_SERVICE_SCOPE],
            groupConfiguration: { groupsToOverride: groups, iamRolesToOverride: [], preferredRole: null },
            ...(clientMetadata ? { clientMetadata } : {}),
          },
          (message) => new errors.CognitoError('UserLambdaValidationException', message),
        );
        const details = response.claimsAndScopeOverrideDetails as
          { accessTokenGeneration?: AccessTokenGeneration } | null | undefined;
        changes = details?.accessTokenGeneration ?? {};
      }
      const tokens = await inner.generate(ctx, user, groups, client, clientMetadata, source);
      if (!changes.scopesToSuppress?.length && !changes.scopesToAdd?.length) return tokens;
      const scopes = [SELF_SERVICE_SCOPE, ...(changes.scopesToAdd ?? [])].filter(
        (scope) => !changes.scopesToSuppress?.includes(scope),
      );
      return { ...tokens, AccessToken: withScope(tokens.AccessToken, [...new Set(scopes)].join(' ')) };
    },
  };
}
