/**
 * The WebSocket API's `$connect` authorizer. Browsers cannot set headers on a WebSocket, so the token
 * comes as the `token` query parameter; the merchant id it proves is handed to the route as context. A token
 * signed in before the person's sessions ended opens no socket (docs/decisions.md #200); a WebSocket API
 * caches no authorizer answer, so that holds from the next connection.
 */
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { verifyMerchantToken } from '../adapters/cognito-token-verifier';
import { observed } from '../adapters/observability';
import { sessionEndStore } from '../adapters/session-end-store';
import { isSessionOpen } from '../domain/session-ends';

async function handle(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const token = event.queryStringParameters?.token;
  const checked = token ? await verifyMerchantToken(token) : undefined;
  const verified =
    checked && isSessionOpen(await sessionEndStore.endedAt(checked.sub), checked.signedInAt) ? checked : undefined;
  return {
    principalId: verified?.sub ?? 'anonymous',
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: verified ? 'Allow' : 'Deny', Resource: event.methodArn }],
    },
    // API Gateway hands this context to $connect; the socket must not outlive the token that opened it.
    ...(verified && { context: { merchantId: verified.sub, tokenExpiresAt: verified.expiresAt } }),
  };
}

export const handler = observed(handle);
