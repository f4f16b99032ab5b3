/** `$connect` remembers which business a socket watches and whose it is (proved by the authorizer); `$disconnect` forgets it. */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { connectionStore } from '../adapters/connection-store';
import { newConnection } from '../domain/connections';
import { appendLogKeys, observed } from '../adapters/observability';

type ConnectionEvent = APIGatewayProxyWebsocketEventV2 & {
  requestContext: APIGatewayProxyWebsocketEventV2['requestContext'] & {
    authorizer?: { merchantId?: string; personId?: string; tokenExpiresAt?: number | string };
  };
};

async function handle(event: ConnectionEvent): Promise<APIGatewayProxyResultV2> {
  const { connectionId, routeKey } = event.requestContext;
  if (routeKey === '$disconnect') {
    await connectionStore.remove(connectionId);
    return { statusCode: 200 };
  }
  const merchantId = event.requestContext.authorizer?.merchantId;
  appendLogKeys({ merchantId });
  if (!merchantId) return { statusCode: 401 };
  const tokenExpiresAt = Number(event.requestContext.authorizer?.tokenExpiresAt);
  const viewer = { businessId: merchantId, personId: event.requestContext.authorizer?.personId ?? merchantId };
  await connectionStore.put(
    newConnection(connectionId, viewer, new Date(), Number.isFinite(tokenExpiresAt) ? tokenExpiresAt : undefined),
  );
  return { statusCode: 200 };
}

export const handler = observed(handle);
