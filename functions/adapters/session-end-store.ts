/**
 * Each person's session cut (docs/decisions.md #200), one row in the members table in the person's own
 * partition: `{ businessId: <personId>, entry: 'SESSIONS', endedAt }`. There because every merchant route's
 * function reads that table already (functions/catalog.ts), as does the realtime socket's authorizer.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionEndRepository } from '../domain/session-ends';
import { conditionally, documentClient, tableName } from './dynamo';

/** The row's sort key: neither a member (`M#`) nor an invitation (`I#`). */
export const SESSION_END_ENTRY = 'SESSIONS';

const key = (personId: string) => ({ businessId: personId, entry: SESSION_END_ENTRY });

export const sessionEndStore: SessionEndRepository = {
  async endedAt(personId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('members'), Key: key(personId), ConsistentRead: true }),
    );
    return typeof Item?.endedAt === 'number' ? Item.endedAt : undefined;
  },
  async recordEnd(personId, cutSeconds) {
    // Forward only: a slower, earlier cut finding a later one changes nothing.
    await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('members'),
          Key: key(personId),
          UpdateExpression: 'SET endedAt = :cut',
          ConditionExpression: 'attribute_not_exists(endedAt) OR endedAt < :cut',
          ExpressionAttributeValues: { ':cut': cutSeconds },
        }),
      ),
    );
  },
};
