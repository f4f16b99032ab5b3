/**
 * The API Gateway management API (REST, `POST|GET|DELETE [/<stage>]/@connections/<id>`) →
 * `execute-api:ManageConnections` on `arn:aws:execute-api:<region>:<account>:<apiId>/<stage>/<METHOD>/@connections/<id>`.
 * The request's host names the API in the cloud (`<apiId>.execute-api…`); locally the endpoint is the local
 * WebSocket server's, so the API id and stage come from the template, passed to the gate as `executeApi`.
 */
import type { ArnScope, GatedRequest, RequestAuthorization } from './iam-request';

export interface ExecuteApiIdentity {
  apiId: string;
  stage: string;
}

export function executeApiAuthorization(
  request: GatedRequest,
  scope: ArnScope,
  api: ExecuteApiIdentity | undefined,
): RequestAuthorization {
  const path = request.url.split('?')[0] ?? '/';
  const connection = /\/@connections\/([^/]+)$/.exec(path)?.[1];
  if (!connection) return { kind: 'unreadable', why: `${request.method} ${path} is not a @connections call` };
  if (!api) return { kind: 'unreadable', why: 'the gate was not told the WebSocket API id and stage' };
  const resource = `arn:aws:execute-api:${scope.region}:${scope.accountId}:${api.apiId}/${api.stage}/${request.method}/@connections/${decodeURIComponent(connection)}`;
  return { kind: 'checks', checks: [{ action: 'execute-api:ManageConnections', resource }] };
}
