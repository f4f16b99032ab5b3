import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { epochSeconds } from '../domain/signed-tokens';
import type { OneTimeRecords } from '../domain/one-time-records';
import { documentClient, tableName } from './dynamo';

async function conditionally(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export const oneTimeRecordStore: OneTimeRecords = {
  claim(id, expiresAt, now) {
    return conditionally(() =>
      documentClient().send(
        new PutCommand({
          TableName: tableName('events'),
          Item: { eventId: id, expiresAt: epochSeconds(expiresAt), createdAt: now.toISOString() },
          // An expired record that TTL has not removed yet counts as absent.
          ConditionExpression: 'attribute_not_exists(eventId) OR expiresAt <= :now',
          ExpressionAttributeValues: { ':now': epochSeconds(now) },
        }),
      ),
    );
  },
  consume(id, now) {
    return conditionally(() =>
      documentClient().send(
        new DeleteCommand({
          TableName: tableName('events'),
          Key: { eventId: id },
          ConditionExpression: 'attribute_exists(eventId) AND expiresAt > :now',
          ExpressionAttributeValues: { ':now': epochSeconds(now) },
        }),
      ),
    );
  },
};
