import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { ENV } from '../environment';
import type { ConnectionPusher } from '../domain/connections';

let client: ApiGatewayManagementApiClient | undefined;

function managementClient() {
  const endpoint = process.env[ENV.realtimeManagementEndpoint];
  if (!endpoint) throw new Error(`${ENV.realtimeManagementEndpoint} is not set`);
  client ??= new ApiGatewayManagementApiClient({ endpoint });
  return client;
}

export const connectionPusher: ConnectionPusher = {
  async push(connectionId, message) {
    try {
      await managementClient().send(
        new PostToConnectionCommand({
          ConnectionId: connectionId,
          Data: new TextEncoder().encode(JSON.stringify(message)),
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof GoneException) return false;
      throw error;
    }
  },
  async disconnect(connectionId) {
    try {
      await managementClient().send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    } catch (error) {
      if (!(error instanceof GoneException)) throw error;
    }
  },
};
