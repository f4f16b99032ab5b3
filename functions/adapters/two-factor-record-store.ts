/**
 * Paylink's own record of each person's two-factor (docs/decisions.md #250), one row in the members table in
 * the person's own partition beside their session cut: `{ businessId: <personId>, entry: 'TWO_FACTOR', on,
 * changedAt }`. Written by POST /api/me/two-factor, and once by Cognito's token trigger for a person who has
 * none yet, from Cognito's setting (#260); read by the trigger and GET /api/me/two-factor.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TwoFactorRecordRepository } from '../domain/two-factor';
import { documentClient, tableName } from './dynamo';

/** The row's sort key: neither a member (`M#`), an invitation (`I#`) nor the session cut (`SESSIONS`). */
export const TWO_FACTOR_RECORD_ENTRY = 'TWO_FACTOR';

const key = (personId: string) => ({ businessId: personId, entry: TWO_FACTOR_RECORD_ENTRY });

export const twoFactorRecordStore: TwoFactorRecordRepository = {
  async read(personId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('members'), Key: key(personId), ConsistentRead: true }),
    );
    return Item ? Item.on === true : undefined;
  },
  async record(personId, on) {
    await documentClient().send(
      new PutCommand({
        TableName: tableName('members'),
        Item: { ...key(personId), on, changedAt: new Date().toISOString() },
      }),
    );
  },
  async recordIfAbsent(personId, on) {
    try {
      await documentClient().send(
        new PutCommand({
          TableName: tableName('members'),
          Item: { ...key(personId), on, changedAt: new Date().toISOString(), backfilled: true },
          // Paylink's route may have written one since the read: its record stands.
          ConditionExpression: 'attribute_not_exists(entry)',
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  },
};
