/**
 * The activity table (infra/tables.ts, docs/decisions.md #195): per business, one item per entry, `entry` =
 * `<at>#<activityId>` so a business's entries sort by time; `byPerson` holds the same items under
 * `<businessId>#<personId>` for the owner's filter. A page's cursor is only the last `entry`: the keys
 * around it are rebuilt from the verified business, so a cursor can never reach another business.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ActivityRecord, ActivityRepository } from '../domain/activity';
import { documentClient, tableName } from './dynamo';

const personKey = (businessId: string, personId: string) => `${businessId}#${personId}`;
const entryKey = (entry: ActivityRecord) => `${entry.at}#${entry.activityId}`;

function withoutKeys(item: Record<string, unknown>): ActivityRecord {
  const { entry: _entry, businessPerson: _person, ...rest } = item;
  return rest as unknown as ActivityRecord;
}

export const activityStore: ActivityRepository = {
  async put(entry) {
    // The same item on a retry (its id is made once): a repeated write overwrites, it never adds a second entry.
    await documentClient().send(
      new PutCommand({
        TableName: tableName('activity'),
        Item: { ...entry, entry: entryKey(entry), businessPerson: personKey(entry.businessId, entry.personId) },
      }),
    );
  },
  async list(businessId, { personId, cursor, limit }) {
    const after = cursor === undefined ? undefined : Buffer.from(cursor, 'base64url').toString('utf8');
    const byPerson = personId !== undefined;
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName('activity'),
        ...(byPerson
          ? {
              IndexName: 'byPerson',
              KeyConditionExpression: 'businessPerson = :key',
              ExpressionAttributeValues: { ':key': personKey(businessId, personId) },
            }
          : {
              KeyConditionExpression: 'businessId = :key',
              ExpressionAttributeValues: { ':key': businessId },
            }),
        ScanIndexForward: false,
        Limit: limit,
        ...(after && {
          ExclusiveStartKey: {
            businessId,
            entry: after,
            ...(byPerson && { businessPerson: personKey(businessId, personId) }),
          },
        }),
      }),
    );
    const last = page.LastEvaluatedKey?.entry;
    return {
      entries: (page.Items ?? []).map(withoutKeys),
      nextCursor: typeof last === 'string' ? Buffer.from(last, 'utf8').toString('base64url') : null,
    };
  },
};
