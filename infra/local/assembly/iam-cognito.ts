/**
 * Cognito user pools (JSON, `X-Amz-Target: AWSCognitoIdentityProviderService.<Operation>`) → the admin and
 * management operations need `cognito-idp:<Operation>` on the pool named by UserPoolId; the operations a
 * user makes for themself (signing up and in, with their own tokens) are not authorized by IAM at all.
 */
import { jsonBody, targetOperation, type ArnScope, type GatedRequest, type RequestAuthorization } from './iam-request';

/** Cognito's public operations: called without AWS credentials, authorized by the pool or the user's token. */
const PUBLIC_OPERATIONS = new Set([
  'AssociateSoftwareToken',
  'ChangePassword',
  'CompleteWebAuthnRegistration',
  'ConfirmDevice',
  'ConfirmForgotPassword',
  'ConfirmSignUp',
  'DeleteUser',
  'DeleteUserAttributes',
  'DeleteWebAuthnCredential',
  'ForgetDevice',
  'ForgotPassword',
  'GetDevice',
  'GetTokensFromRefreshToken',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'GetUserAuthFactors',
  'GlobalSignOut',
  'InitiateAuth',
  'ListDevices',
  'ListWebAuthnCredentials',
  'ResendConfirmationCode',
  'RespondToAuthChallenge',
  'RevokeToken',
  'SetUserMFAPreference',
  'SetUserSettings',
  'SignUp',
  'StartWebAuthnRegistration',
  'UpdateAuthEventFeedback',
  'UpdateDeviceStatus',
  'UpdateUserAttributes',
  'VerifySoftwareToken',
  'VerifyUserAttribute',
]);

export function cognitoAuthorization(request: GatedRequest, scope: ArnScope): RequestAuthorization {
  const operation = targetOperation(request, 'AWSCognitoIdentityProviderService');
  const body = jsonBody<{ UserPoolId?: string }>(request);
  if (!operation || !body) return { kind: 'unreadable', why: 'not a Cognito user pools JSON request' };
  if (PUBLIC_OPERATIONS.has(operation)) return { kind: 'public' };
  const resource = body.UserPoolId
    ? `arn:aws:cognito-idp:${scope.region}:${scope.accountId}:userpool/${body.UserPoolId}`
    : '*';
  return { kind: 'checks', checks: [{ action: `cognito-idp:${operation}`, resource }] };
}
