import { DeleteCommand, PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
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
  async listExpired(nowSeconds) {
    // A Scan is fine here: the table holds only open dashboards, each for at most the token's hour.
    const expired: ConnectionRecord[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(
        new ScanCommand({
          TableName: tableName('connections'),
          FilterExpression: 'expiresAt <= :now',
          ExpressionAttributeValues: { ':now': nowSeconds },
          ExclusiveStartKey,
        }),
      );
      expired.push(...((page.Items ?? []) as ConnectionRecord[]));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return expired;
  },
};
