/**
 * The WebSocket API's `$connect` authorizer. Browsers cannot set headers on a WebSocket, so the token
 * comes as the `token` query parameter, and the business the dashboard looks at as `business` (absent: the
 * person's own). A business not their own opens only while the members table holds their row there
 * (docs/decisions.md #196); the business and the person are handed to the route as context. A token
 * signed in before the person's sessions ended opens no socket (docs/decisions.md #200); a WebSocket API
 * caches no authorizer answer, so that holds from the next connection.
 */
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { verifyMerchantToken } from '../adapters/cognito-token-verifier';
import { observed } from '../adapters/observability';
import { sessionEndStore } from '../adapters/session-end-store';
import { teamStore } from '../adapters/team-store';
import { isSessionOpen } from '../domain/session-ends';
import { resolveAccess } from '../domain/team-access';

/** The business this socket may watch: every role sees payments arrive, so membership is the whole rule. */
async function businessOf(personId: string, requested: string | undefined): Promise<string | undefined> {
  try {
    const access = await resolveAccess(teamStore, { personId, requestedBusinessId: requested, leastRole: 'staff' });
    return access.businessId;
  } catch {
    return undefined;
  }
}

async function handle(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const token = event.queryStringParameters?.token;
  const checked = token ? await verifyMerchantToken(token) : undefined;
  const verified =
    checked && isSessionOpen(await sessionEndStore.endedAt(checked.sub), checked.signedInAt) ? checked : undefined;
  const businessId = verified && (await businessOf(verified.sub, event.queryStringParameters?.business));
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
