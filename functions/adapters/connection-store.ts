import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ConnectionRecord, ConnectionRepository } from '../domain/connections';
import { documentClient, tableName } from './dynamo';

export const connectionStore: ConnectionRepository = {
  async put(connection) {
    await documentClient().send(new PutCommand({ TableName: tableName('connections'), Item: connection }));
  },
  async remove(connectionId) {
    await documentClient().send(new DeleteCommand({ TableName: tableName('connections'), Key: { connectionId } }));
  },
  async listByMerchant(merchantId) {
    const { Items } = await documentClient().send(
      new QueryCommand({
        TableName: tableName('connections'),
        IndexName: 'byMerchant',
        KeyConditionExpression: 'merchantId = :merchantId',
        ExpressionAttributeValues: { ':merchantId': merchantId },
      }),
    );
    return (Items ?? []) as ConnectionRecord[];
  },
};
