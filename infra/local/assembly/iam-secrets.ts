/**
 * Secrets Manager (JSON, `X-Amz-Target: secretsmanager.<Operation>`) → `secretsmanager:<Operation>` on the
 * secret the request names, with the `secretsmanager:SecretId` / `VersionId` / `VersionStage` keys it carries.
 */
import { jsonBody, targetOperation, type ArnScope, type GatedRequest, type RequestAuthorization } from './iam-request';

interface SecretsBody {
  SecretId?: string;
  SecretIdList?: string[];
  VersionId?: string;
  VersionStage?: string;
}

/**
 * AWS resolves a bare name to the secret's ARN, which ends in a random six-character suffix; the gate has no
 * such lookup, so a name is judged as `secret:<name>` with no suffix. The stack hands functions the ARN
 * itself (`SECRET_ARN_*`), so a function's call never takes this path; a policy written for `<name>-??????`
 * would refuse it here.
 */
function secretArn(scope: ArnScope, secretId: string): string {
  return secretId.startsWith('arn:')
    ? secretId
    : `arn:aws:secretsmanager:${scope.region}:${scope.accountId}:secret:${secretId}`;
}

export function secretsManagerAuthorization(request: GatedRequest, scope: ArnScope): RequestAuthorization {
  const operation = targetOperation(request, 'secretsmanager');
  const body = jsonBody<SecretsBody>(request);
  if (!operation || !body) return { kind: 'unreadable', why: 'not a Secrets Manager JSON request' };
  const action = `secretsmanager:${operation}`;
  const context = {
    ...(body.VersionId && { 'secretsmanager:VersionId': body.VersionId }),
    ...(body.VersionStage && { 'secretsmanager:VersionStage': body.VersionStage }),
  };
  const read = (secretId: string, secretAction: string) => ({
    action: secretAction,
    resource: secretArn(scope, secretId),
    // The identifier as the request gives it, name or ARN.
    context: { ...context, 'secretsmanager:SecretId': secretId },
  });
  if (body.SecretId) return { kind: 'checks', checks: [read(body.SecretId, action)] };
  // BatchGetSecretValue needs its own action on "*" and GetSecretValue on each secret it names.
  const batch = (body.SecretIdList ?? []).map((secretId) => read(secretId, 'secretsmanager:GetSecretValue'));
  return { kind: 'checks', checks: [{ action, resource: '*' }, ...batch] };
}
