/**
 * Paylink's own record of each person's two-factor (docs/decisions.md #250), one row in the members table in
 * the person's own partition beside their session cut: `{ businessId: <personId>, entry: 'TWO_FACTOR', on,
 * changedAt }`. Written only by POST /api/me/two-factor; read by Cognito's token trigger.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TwoFactorRecordRepository } from '../domain/two-factor';
import { documentClient, tableName } from './dynamo';

/** The row's sort key: neither a member (`M#`), an invitation (`I#`) nor the session cut (`SESSIONS`). */
export const TWO_FACTOR_RECORD_ENTRY = 'TWO_FACTOR';

const key = (personId: string) => ({ businessId: personId, entry: TWO_FACTOR_RECORD_ENTRY });

export const twoFactorRecordStore: TwoFactorRecordRepository = {
  async isOn(personId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('members'), Key: key(personId), ConsistentRead: true }),
    );
    return Item?.on === true;
  },
  async record(personId, on) {
    await documentClient().send(
      new PutCommand({
        TableName: tableName('members'),
        Item: { ...key(personId), on, changedAt: new Date().toISOString() },
      }),
    );
  },
};
