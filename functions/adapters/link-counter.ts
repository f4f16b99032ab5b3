import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ActiveLinkCounter } from '../domain/stats';
import { documentClient, tableName } from './dynamo';

/** The merchant's active links, counted on links `byMerchant` (Select COUNT: one call per 1 MB of links). */
export const activeLinkCounter: ActiveLinkCounter = {
  async countActive(merchantId) {
    let count = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(
        new QueryCommand({
          TableName: tableName('links'),
          IndexName: 'byMerchant',
          KeyConditionExpression: 'merchantId = :merchantId',
          FilterExpression: 'isActive = :active',
          ExpressionAttributeValues: { ':merchantId': merchantId, ':active': true },
          Select: 'COUNT',
          ExclusiveStartKey: startKey,
        }),
      );
      count += page.Count ?? 0;
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return count;
  },
};
