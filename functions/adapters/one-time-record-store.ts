import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { epochSeconds } from '../domain/signed-tokens';
import type { MerchantRecord } from '../domain/merchants';
import type { OneTimeRecords, WorkClaims } from '../domain/one-time-records';
import type { PendingSignups } from '../domain/signup';
import { conditionally, documentClient, tableName } from './dynamo';

export const oneTimeRecordStore: OneTimeRecords = {
  async claim(id, expiresAt, now) {
    const claimed = await conditionally(() =>
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
    return claimed !== undefined;
  },
  async consume(id, now) {
    const consumed = await conditionally(() =>
      documentClient().send(
        new DeleteCommand({
          TableName: tableName('events'),
          Key: { eventId: id },
          ConditionExpression: 'attribute_exists(eventId) AND expiresAt > :now',
          ExpressionAttributeValues: { ':now': epochSeconds(now) },
        }),
      ),
    );
    return consumed !== undefined;
  },
};

const IN_PROGRESS = 'in_progress';

/**
 * Work claims in the `events` table, beside the one-time records: `{eventId, status, leaseUntil (ms),
 * claimToken, expiresAt (TTL, s)}`. A record without `status` (written before leases existed) is a done claim.
 */
export const workClaimStore: WorkClaims = {
  async claim(id, { token, leaseUntil, expiresAt }, now) {
    const claimed = await conditionally(() =>
      documentClient().send(
        new PutCommand({
          TableName: tableName('events'),
          Item: {
            eventId: id,
            status: IN_PROGRESS,
            claimToken: token,
            leaseUntil: leaseUntil.getTime(),
            expiresAt: epochSeconds(expiresAt),
            createdAt: now.toISOString(),
          },
          // Absent, expired (TTL deletes late), or in progress with its lease over: the claimant is gone.
          ConditionExpression:
            'attribute_not_exists(eventId) OR expiresAt <= :nowSeconds OR (#status = :inProgress AND leaseUntil <= :nowMs)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':nowSeconds': epochSeconds(now),
            ':nowMs': now.getTime(),
            ':inProgress': IN_PROGRESS,
          },
        }),
      ),
    );
    if (claimed) return 'claimed';
    // dynalite has no ReturnValuesOnConditionCheckFailure: read what stood in the way.
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('events'), Key: { eventId: id }, ConsistentRead: true }),
    );
    return Item?.status === IN_PROGRESS ? 'in_progress' : 'done';
  },
  async complete(id, token, expiresAt) {
    await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('events'),
          Key: { eventId: id },
          UpdateExpression: 'SET #status = :done, expiresAt = :expiresAt REMOVE leaseUntil, claimToken',
          ConditionExpression: 'claimToken = :token',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':done': 'done', ':expiresAt': epochSeconds(expiresAt), ':token': token },
        }),
      ),
    );
  },
  async release(id, token) {
    await conditionally(() =>
      documentClient().send(
        new DeleteCommand({
          TableName: tableName('events'),
          Key: { eventId: id },
          ConditionExpression: 'claimToken = :token',
          ExpressionAttributeValues: { ':token': token },
        }),
      ),
    );
  },
};

const pendingSignupId = (email: string) => `signup#${email}`;

/** Half-made sign-ups in the `events` table, by email, until the merchant row is written (or they expire). */
export const pendingSignupStore: PendingSignups = {
  async save(pending, expiresAt) {
    await documentClient().send(
      new PutCommand({
        TableName: tableName('events'),
        Item: {
          eventId: pendingSignupId(pending.email),
          userId: pending.userId,
          merchant: pending.merchant,
          expiresAt: epochSeconds(expiresAt),
        },
      }),
    );
  },
  async get(email, now) {
    const { Item } = await documentClient().send(
      new GetCommand({
        TableName: tableName('events'),
        Key: { eventId: pendingSignupId(email) },
        ConsistentRead: true,
      }),
    );
    if (!Item || Item.expiresAt <= epochSeconds(now)) return undefined;
    return { email, userId: Item.userId as string, merchant: Item.merchant as MerchantRecord };
  },
  async remove(email) {
    await documentClient().send(
      new DeleteCommand({ TableName: tableName('events'), Key: { eventId: pendingSignupId(email) } }),
    );
  },
};
