/**
 * Each person's session cut (docs/decisions.md #200), one row in the members table in the person's own
 * partition: `{ businessId: <personId>, entry: 'SESSIONS', endedAt }`. There because every merchant route's
 * function reads that table already (functions/catalog.ts), as does the realtime socket's authorizer. The same
 * row says when the person has no business of their own (`withoutOwnBusiness`, #277): every merchant request
 * reads both in its one GetItem.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionEndRepository } from '../domain/session-ends';
import type { PersonStanding } from '../domain/team-access';
import { conditionally, documentClient, tableName } from './dynamo';

/** The row's sort key: neither a member (`M#`) nor an invitation (`I#`). */
export const SESSION_END_ENTRY = 'SESSIONS';

const key = (personId: string) => ({ businessId: personId, entry: SESSION_END_ENTRY });

export async function personStanding(personId: string): Promise<PersonStanding> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName('members'), Key: key(personId), ConsistentRead: true }),
  );
  return {
    endedAt: typeof Item?.endedAt === 'number' ? Item.endedAt : undefined,
    withoutOwnBusiness: Item?.withoutOwnBusiness === true,
  };
}

/** Written when a person signs up from an invitation, before they can sign in (docs/decisions.md #277). */
export async function markWithoutOwnBusiness(personId: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName('members'),
      Key: key(personId),
      UpdateExpression: 'SET withoutOwnBusiness = :yes',
      ExpressionAttributeValues: { ':yes': true },
    }),
  );
}

export const sessionEndStore: SessionEndRepository = {
  async endedAt(personId) {
    return (await personStanding(personId)).endedAt;
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
