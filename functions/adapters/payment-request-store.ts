import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { reminderShardOf, type PaymentRequestRecord, type PaymentRequestRepository } from '../domain/payment-requests';
import { conditionally, documentClient, tableName } from './dynamo';

const table = () => tableName('requests');

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

  async listByMerchant(merchantId) {
    const requests: PaymentRequestRecord[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(
        new QueryCommand({
          TableName: table(),
          IndexName: 'byMerchant',
          KeyConditionExpression: 'merchantId = :merchantId',
          ExpressionAttributeValues: { ':merchantId': merchantId },
          ScanIndexForward: false,
          ExclusiveStartKey: startKey,
        }),
      );
      requests.push(...((page.Items ?? []) as PaymentRequestRecord[]));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return requests;
  },

  async cancel(merchantId, requestId, now) {
    const at = now.toISOString();
    const updated = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: { requestId },
          UpdateExpression: 'SET #status = :cancelled, cancelledAt = :now, updatedAt = :now REMOVE reminderShard',
          ConditionExpression: 'merchantId = :merchantId AND #status IN (:sent, :reminded)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':cancelled': 'cancelled',
            ':sent': 'sent',
            ':reminded': 'reminded',
            ':now': at,
            ':merchantId': merchantId,
          },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    if (updated) return updated.Attributes as PaymentRequestRecord;
    // Refused: not the merchant's (answered as missing), or already paid or cancelled (answered as it is).
    const current = await this.get(requestId);
    return current?.merchantId === merchantId ? current : undefined;
  },

  async markPaid(requestId, paymentId, now) {
    const at = now.toISOString();
    const updated = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: { requestId },
          UpdateExpression:
            'SET #status = :paid, paidAt = :now, paymentId = :paymentId, updatedAt = :now REMOVE reminderShard',
          ConditionExpression: '#status IN (:sent, :reminded)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':paid': 'paid',
            ':sent': 'sent',
            ':reminded': 'reminded',
            ':now': at,
            ':paymentId': paymentId,
          },
        }),
      ),
    );
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
    const at = now.toISOString();
    const updated = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: { requestId },
          UpdateExpression: 'SET #status = :reminded, remindedAt = :now, updatedAt = :now REMOVE reminderShard',
          ConditionExpression: '#status = :sent AND attribute_exists(reminderShard) AND remindAt <= :now',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':reminded': 'reminded', ':sent': 'sent', ':now': at },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return updated?.Attributes as PaymentRequestRecord | undefined;
  },

  async releaseReminder(request, claimedAt) {
    // Only this claim, and only while nothing moved it on (a payment or a cancel in the meantime stays).
    await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: { requestId: request.requestId },
          UpdateExpression: 'SET #status = :sent, reminderShard = :shard REMOVE remindedAt',
          ConditionExpression: '#status = :reminded AND remindedAt = :claimedAt',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':sent': 'sent',
            ':reminded': 'reminded',
            ':shard': reminderShardOf(request.requestId),
            ':claimedAt': claimedAt,
          },
        }),
      ),
    );
  },
};
