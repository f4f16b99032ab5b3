/**
 * The WebSocket API's `$connect` authorizer. Browsers cannot set headers on a WebSocket, so the token
 * comes as the `token` query parameter; the merchant id it proves is handed to the route as context.
 */
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { verifyMerchantToken } from '../adapters/cognito-token-verifier';
import { observed } from '../adapters/observability';

async function handle(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const token = event.queryStringParameters?.token;
  const verified = token ? await verifyMerchantToken(token) : undefined;
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
