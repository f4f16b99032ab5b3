/**
 * The WebSocket API's `$connect` authorizer. Browsers cannot set headers on a WebSocket, so the token
 * comes as the `token` query parameter, and the business the dashboard looks at as `business` (absent: the
 * person's own). The socket opens only as an HTTP request for that business would be let through
 * (`checkMerchantAccess`, docs/decisions.md #285): the person's session not ended since the token's sign-in
 * (#200), their own business or one whose members table holds their row (#196), and never "their own" when
 * they have none (an invited person, #277). The business and the person are handed to the route as context.
 * A WebSocket API caches no authorizer answer, so a removal or a session's end holds from the next connection.
 */
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { verifyMerchantToken, type VerifiedMerchantToken } from '../adapters/cognito-token-verifier';
import { observed } from '../adapters/observability';
import { merchantAccessDeps } from '../adapters/merchant-access-deps';
import { checkMerchantAccess } from '../domain/team-access';

/** The business this socket may watch, or undefined: every role sees payments arrive, so staff is enough. */
async function businessOf(token: VerifiedMerchantToken, requested: string | undefined): Promise<string | undefined> {
  try {
    const access = await checkMerchantAccess(merchantAccessDeps(), {
      personId: token.sub,
      requestedBusinessId: requested,
      leastRole: 'staff',
      signedInAt: token.signedInAt,
    });
    return access.businessId;
  } catch {
    return undefined;
  }
}

async function handle(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const token = event.queryStringParameters?.token;
  const verified = token ? await verifyMerchantToken(token) : undefined;
  const businessId = verified && (await businessOf(verified, event.queryStringParameters?.business));
  return {
    principalId: verified?.sub ?? 'anonymous',
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: businessId ? 'Allow' : 'Deny', Resource: event.methodArn }],
    },
    // API Gateway hands this context to $connect; the socket must not outlive the token that opened it.
    ...(verified &&
      businessId && {
        context: { merchantId: businessId, personId: verified.sub, tokenExpiresAt: verified.expiresAt },
      }),
  };
}

export const handler = observed(handle);
