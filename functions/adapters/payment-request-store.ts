import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RequestStatus } from '@shared/contracts/payment-requests';
import { reminderShardOf, type PaymentRequestRecord, type PaymentRequestRepository } from '../domain/payment-requests';
import { conditionally, documentClient, queryAll, tableName } from './dynamo';

const table = () => tableName('requests');

/**
 * One conditional step up the status ladder (status only moves forward): only from the statuses in `from`
 * and while `also.condition` holds, it sets the new status, its `<status>At` and `updatedAt` to `now`, and
 * `also.set`, and takes the request off the reminder index. The request as it now is; undefined when refused.
 */
async function moveStatus(
  requestId: string,
  from: readonly RequestStatus[],
  to: Exclude<RequestStatus, 'sent'>,
  now: Date,
  also: { condition?: string; set?: Record<string, string>; values?: Record<string, unknown> } = {},
): Promise<PaymentRequestRecord | undefined> {
  const fromValues = Object.fromEntries(from.map((status, index) => [`:from${index}`, status]));
  const fromNames = Object.keys(fromValues);
  const fromCondition = fromNames.length === 1 ? `#status = ${fromNames[0]}` : `#status IN (${fromNames.join(', ')})`;
  const extraSets = Object.keys(also.set ?? {}).map((name) => `, ${name} = :${name}`);
  const extraValues = Object.fromEntries(Object.entries(also.set ?? {}).map(([name, value]) => [`:${name}`, value]));
  const updated = await conditionally(() =>
    documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: { requestId },
        UpdateExpression: `SET #status = :to, ${to}At = :now${extraSets.join('')}, updatedAt = :now REMOVE reminderShard`,
        ConditionExpression: also.condition ? `${fromCondition} AND ${also.condition}` : fromCondition,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':to': to,
          ':now': now.toISOString(),
          ...fromValues,
          ...extraValues,
          ...also.values,
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return updated?.Attributes as PaymentRequestRecord | undefined;
}

export const paymentRequestStore: PaymentRequestRepository = {
  async takeDailySend(merchantId, day, max, expiresAt) {
    // One conditional ADD: two sends at once cannot both take the last place (dynalite has no transactions).
    const taken = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: { requestId: `quota#${merchantId}#${day}` },
          UpdateExpression: 'ADD sends :one SET expiresAt = :expiresAt',
          ConditionExpression: 'attribute_not_exists(sends) OR sends < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': max, ':expiresAt': expiresAt },
        }),
      ),
    );
    return taken !== undefined;
  },

  async create(request) {
    await documentClient().send(
      new PutCommand({ TableName: table(), Item: request, ConditionExpression: 'attribute_not_exists(requestId)' }),
    );
  },

  async get(requestId) {
    const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: { requestId } }));
    return Item as PaymentRequestRecord | undefined;
  },

  listByMerchant(merchantId) {
    return queryAll<PaymentRequestRecord>({
      TableName: table(),
      IndexName: 'byMerchant',
      KeyConditionExpression: 'merchantId = :merchantId',
      ExpressionAttributeValues: { ':merchantId': merchantId },
      ScanIndexForward: false,
    });
  },

  async cancel(merchantId, requestId, now) {
    const updated = await moveStatus(requestId, ['sent', 'reminded'], 'cancelled', now, {
      condition: 'merchantId = :merchantId',
      values: { ':merchantId': merchantId },
    });
    if (updated) return updated;
    // Refused: not the merchant's (answered as missing), or already paid or cancelled (answered as it is).
    const current = await this.get(requestId);
    return current?.merchantId === merchantId ? current : undefined;
  },

  async markPaid(requestId, paymentId, now) {
    const updated = await moveStatus(requestId, ['sent', 'reminded'], 'paid', now, { set: { paymentId } });
    return updated !== undefined;
  },

  async listDueReminders(shard, now, limit) {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'reminderDue',
        KeyConditionExpression: 'reminderShard = :shard AND remindAt <= :now',
        ExpressionAttributeValues: { ':shard': shard, ':now': now },
        Limit: limit,
      }),
    );
    return (page.Items ?? []) as PaymentRequestRecord[];
  },

  async claimReminder(requestId, now) {
    // Only a request still due: one reminder, and none once it is paid or cancelled.
    return moveStatus(requestId, ['sent'], 'reminded', now, {
      condition: 'attribute_exists(reminderShard) AND remindAt <= :now',
    });
  },

  async releaseReminder(request, claimedAt) {
    // Only this claim, and only while nothing moved it on (a payment or a cancel in the meantime stays).
    await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: { requestId: request.requestId },
          UpdateExpression: 'SET #status = :sent, reminderShard = :shard ADD reminderAttempts :one REMOVE remindedAt',
          ConditionExpression: '#status = :reminded AND remindedAt = :claimedAt',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':sent': 'sent',
            ':reminded': 'reminded',
            ':shard': reminderShardOf(request.requestId),
            ':claimedAt': claimedAt,
            ':one': 1,
          },
        }),
      ),
    );
  },

  async endReminder(request, claimedAt, failure) {
    // Only this claim, as releaseReminder; the shard key stays removed, so no run finds it again.
    await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: { requestId: request.requestId },
          UpdateExpression: 'SET #status = :sent, reminderFailure = :failure REMOVE remindedAt',
          ConditionExpression: '#status = :reminded AND remindedAt = :claimedAt',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':sent': 'sent',
            ':reminded': 'reminded',
            ':failure': failure,
            ':claimedAt': claimedAt,
          },
        }),
      ),
    );
  },
};
