/**
 * The consumer demo's DynamoDB edges: the `wallets` table (one item per user) and
 * the unlock attempts counted in the `events` table beside the other short-lived records.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UnlockAttempts, WalletRecord, WalletRepository } from '../domain/consumer-wallet';
import { epochSeconds } from '../domain/signed-tokens';
import { conditionally, documentClient, tableName } from './dynamo';

export const walletStore: WalletRepository = {
  async get(userId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('wallets'), Key: { userId }, ConsistentRead: true }),
    );
    return Item as WalletRecord | undefined;
  },
  async createIfAbsent(record) {
    const created = await conditionally(() =>
      documentClient().send(
        new PutCommand({
          TableName: tableName('wallets'),
          Item: record,
          ConditionExpression: 'attribute_not_exists(userId)',
        }),
      ),
    );
    if (created) return record;
    // Two first reads raced: the other one's wallet stands.
    const standing = await walletStore.get(record.userId);
    if (!standing) throw new Error(`Wallet ${record.userId} was neither created nor found`);
    return standing;
  },
};

/** One counter per client and window (`consumer-unlock#<client>#<window start>`), gone when the window ends. */
export const unlockAttemptStore: UnlockAttempts = {
  async record(clientKey, { startsAt, endsAt }) {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: tableName('events'),
        Key: { eventId: `consumer-unlock#${clientKey}#${epochSeconds(startsAt)}` },
        UpdateExpression: 'ADD attempts :one SET expiresAt = :expiresAt',
        ExpressionAttributeValues: { ':one': 1, ':expiresAt': epochSeconds(endsAt) },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.attempts ?? 1);
  },
};
