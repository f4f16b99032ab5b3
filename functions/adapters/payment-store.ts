import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  SETTLE_FINISH_GRACE_MS,
  uncountedShardOf,
  unfinishedShardOf,
  type PaymentRecord,
  type PaymentRepository,
  type SettlementDetails,
} from '../domain/payments';
import { isUnsettled, STATUS_RANK } from '../domain/payment-status';
import { payerEmailKeyOf } from '../domain/payments';
import { conditionally, countQuery, documentClient, queryAll, tableName } from './dynamo';
import { claimEmailOnce, releaseEmailClaim } from './payment-email-claims';

export const paymentStore: PaymentRepository = {
  async get(paymentId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('payments'), Key: { paymentId }, ConsistentRead: true }),
    );
    return Item as PaymentRecord | undefined;
  },

  async findByCheckoutSession(sessionId) {
    const { Items } = await documentClient().send(
      new QueryCommand({
        TableName: tableName('payments'),
        IndexName: 'byCheckoutSession',
        KeyConditionExpression: 'checkoutSessionId = :sessionId',
        ExpressionAttributeValues: { ':sessionId': sessionId },
        Limit: 1,
      }),
    );
    // The index is eventually consistent; read the item itself for its current status.
    const found = Items?.[0] as PaymentRecord | undefined;
    return found && paymentStore.get(found.paymentId);
  },

  async create(payment) {
    await documentClient().send(
      new PutCommand({
        TableName: tableName('payments'),
        Item: {
          ...payment,
          ...(payment.payerEmail && { payerEmailKey: payerEmailKeyOf(payment.merchantId, payment.payerEmail) }),
        },
        ConditionExpression: 'attribute_not_exists(paymentId)',
      }),
    );
  },

  async attachCheckoutSession(paymentId, sessionId) {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('payments'),
        Key: { paymentId },
        UpdateExpression: 'SET checkoutSessionId = :sessionId',
        ConditionExpression: 'attribute_exists(paymentId)',
        ExpressionAttributeValues: { ':sessionId': sessionId },
      }),
    );
  },

  async advance({ paymentId, merchantId }, status, details, now) {
    // Only what Stripe actually told us is written: an event that lacks a detail never blanks one.
    const known = Object.entries(details).filter(([, value]) => value !== undefined && value !== null) as [
      keyof SettlementDetails,
      unknown,
    ][];
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, unknown> = {
      ':status': status,
      ':rank': STATUS_RANK[status],
      ':now': now.toISOString(),
      ':owed': true,
      ':unfinished': unfinishedShardOf(paymentId),
      ':finishDue': new Date(now.getTime() + SETTLE_FINISH_GRACE_MS).toISOString(),
    };
    const unsettled = isUnsettled(status);
    const sets = [
      '#status = :status',
      'statusRank = :rank',
      'updatedAt = :now',
      // The live update is owed from this write on, until it is published (settlement.ts).
      'announceOwed = :owed',
      // …and the settle's later steps, on the schedule's list until its last write (docs/decisions.md #125).
      'unfinishedShard = :unfinished',
      'finishDueAt = :finishDue',
    ];
    // Open → pending (Checkout completed, money on its way) keeps the schedule's index keys: not settled yet.
    if (!unsettled) sets.push('settledAt = :now');
    if (status === 'succeeded') {
      // In the same write as the status: from here until its day has counted it, the payment is `uncounted`.
      sets.push('uncountedShard = :uncounted', 'uncountedSince = if_not_exists(uncountedSince, :now)');
      values[':uncounted'] = uncountedShardOf(paymentId);
    }
    for (const [key, value] of known) {
      names[`#${key}`] = key;
      values[`:${key}`] = value;
      sets.push(`#${key} = :${key}`);
    }
    if (details.payerEmail) {
      // Puts the payment in the `byPayerEmail` index, where the customer-email filter finds it.
      sets.push('payerEmailKey = :payerEmailKey');
      values[':payerEmailKey'] = payerEmailKeyOf(merchantId, details.payerEmail);
    }
    const moved = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('payments'),
          Key: { paymentId },
          UpdateExpression: `SET ${sets.join(', ')}${unsettled ? '' : ' REMOVE pendingShard, pendingSince, reverifyAt, reverifyChecks'}`,
          ConditionExpression: 'attribute_exists(paymentId) AND statusRank < :rank',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    if (moved) return { moved: true, payment: moved.Attributes as PaymentRecord };
    return { moved: false, payment: await paymentStore.get(paymentId) };
  },

  async recordAttemptError(paymentId, message, now) {
    await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('payments'),
          Key: { paymentId },
          UpdateExpression: 'SET lastError = :message, updatedAt = :now',
          // Checkout keeps the session open after a decline: open, or pending for a slow method.
          ConditionExpression: 'attribute_exists(paymentId) AND #status IN (:open, :pending)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':message': message,
            ':now': now.toISOString(),
            ':open': 'open',
            ':pending': 'pending',
          },
        }),
      ),
    );
  },

  async setReceipt(paymentId, { receiptNumber, receiptToken, receiptKey, receiptTax }) {
    const set = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('payments'),
          Key: { paymentId },
          UpdateExpression: 'SET receiptNumber = :number, receiptToken = :token, receiptKey = :key, receiptTax = :tax',
          ConditionExpression: 'attribute_exists(paymentId) AND attribute_not_exists(receiptNumber)',
          ExpressionAttributeValues: {
            ':number': receiptNumber,
            ':token': receiptToken,
            ':key': receiptKey ?? null,
            ':tax': receiptTax,
          },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return (set?.Attributes as PaymentRecord | undefined) ?? paymentStore.get(paymentId);
  },

  async findByReceiptToken(receiptToken) {
    const { Items } = await documentClient().send(
      new QueryCommand({
        TableName: tableName('payments'),
        IndexName: 'byReceiptToken',
        KeyConditionExpression: 'receiptToken = :token',
        ExpressionAttributeValues: { ':token': receiptToken },
        Limit: 1,
      }),
    );
    const found = Items?.[0] as PaymentRecord | undefined;
    return found && paymentStore.get(found.paymentId);
  },

  async countReceipt(paymentId, max) {
    const counted = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('payments'),
          Key: { paymentId },
          UpdateExpression: 'ADD receiptsSent :one',
          ConditionExpression:
            'attribute_exists(paymentId) AND (attribute_not_exists(receiptsSent) OR receiptsSent < :max)',
          ExpressionAttributeValues: { ':one': 1, ':max': max },
        }),
      ),
    );
    return counted !== undefined;
  },

  // One send per payment of each email to whom it is owed, claimed before it goes (payment-email-claims.ts).
  claimMerchantNotification: (paymentId, merchantId, at) =>
    claimEmailOnce('merchantNotifiedAt', paymentId, merchantId, at),
  releaseMerchantNotification: (paymentId, at) => releaseEmailClaim('merchantNotifiedAt', paymentId, at),
  claimPayerReceipt: (paymentId, merchantId, at) => claimEmailOnce('payerReceiptSentAt', paymentId, merchantId, at),
  releasePayerReceipt: (paymentId, at) => releaseEmailClaim('payerReceiptSentAt', paymentId, at),

  async recordEmailRefusal(paymentId, refusal) {
    // Not part of the money's versioned writes: a note beside them, so it never races a refund's merge.
    await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('payments'),
          Key: { paymentId },
          UpdateExpression: 'SET emailRefusal = :refusal',
          ConditionExpression: 'attribute_exists(paymentId)',
          ExpressionAttributeValues: { ':refusal': refusal },
        }),
      ),
    );
  },

  async listPending(shard, since, limit) {
    return queryIndex({
      IndexName: 'pending',
      KeyConditionExpression: 'pendingShard = :shard AND pendingSince >= :since',
      ExpressionAttributeValues: { ':shard': shard, ':since': since },
      limit,
    });
  },

  async listDueForReverify(shard, now, limit) {
    return queryIndex({
      IndexName: 'reverifyDue',
      KeyConditionExpression: 'pendingShard = :shard AND reverifyAt <= :now',
      ExpressionAttributeValues: { ':shard': shard, ':now': now },
      limit,
    });
  },

  async scheduleReverify(paymentId, at, checks) {
    // Only while pending: a payment that settled meanwhile has left the index and stays out of it.
    await setWhileListed(paymentId, 'pendingShard', { reverifyAt: at, reverifyChecks: checks });
  },

  async listPendingOfMerchant(merchantId, since, limit) {
    return queryIndex({
      IndexName: 'pendingByMerchant',
      KeyConditionExpression: 'merchantId = :merchantId AND pendingSince >= :since',
      ExpressionAttributeValues: { ':merchantId': merchantId, ':since': since },
      limit,
    });
  },

  async countPendingOfMerchant(merchantId) {
    // The index also holds open Checkouts (the schedule re-checks them); the count is money on its way
    // only (docs/decisions.md #30). Open ones are few: each link caps its open sessions (#58).
    return countQuery({
      TableName: tableName('payments'),
      IndexName: 'pendingByMerchant',
      KeyConditionExpression: 'merchantId = :merchantId',
      FilterExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':merchantId': merchantId, ':pending': 'pending' },
    });
  },

  async listAllUncounted(shard) {
    return queryAll<PaymentRecord>({
      TableName: tableName('payments'),
      IndexName: 'uncounted',
      KeyConditionExpression: 'uncountedShard = :shard',
      ExpressionAttributeValues: { ':shard': shard },
    });
  },

  async clearAnnounceOwed(paymentId, placeSettled) {
    await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('payments'),
          Key: { paymentId },
          // The settle's last write: it leaves the schedule's list of unfinished settles here too.
          UpdateExpression: `${placeSettled ? 'SET placeSettled = :place ' : ''}REMOVE announceOwed, unfinishedShard, finishDueAt, finishAttempts`,
          ConditionExpression: 'attribute_exists(announceOwed)',
          ...(placeSettled && { ExpressionAttributeValues: { ':place': placeSettled } }),
        }),
      ),
    );
  },

  async deferCount(paymentId, attempts, retryAt) {
    // Only while the mark stands: a count that finished meanwhile needs no retry.
    await setWhileListed(paymentId, 'uncountedShard', {
      countAttempts: attempts,
      countRetryAt: retryAt.toISOString(),
    });
  },

  async listUnfinishedSettles(shard, now, limit) {
    return queryIndex({
      IndexName: 'unfinishedSettles',
      KeyConditionExpression: 'unfinishedShard = :shard AND finishDueAt <= :now',
      ExpressionAttributeValues: { ':shard': shard, ':now': now },
      limit,
    });
  },

  async deferSettleFinish(paymentId, attempts, retryAt) {
    // Only while unfinished: a settle finished meanwhile has left the index and stays out of it.
    await setWhileListed(paymentId, 'unfinishedShard', {
      finishAttempts: attempts,
      finishDueAt: retryAt.toISOString(),
    });
  },

  async listUncounted(shard, limit, merchantId) {
    return queryIndex({
      IndexName: 'uncounted',
      KeyConditionExpression: 'uncountedShard = :shard',
      ...(merchantId
        ? {
            FilterExpression: 'merchantId = :merchantId',
            ExpressionAttributeValues: { ':shard': shard, ':merchantId': merchantId },
          }
        : { ExpressionAttributeValues: { ':shard': shard } }),
      limit,
    });
  },
};

/**
 * Sets when a payment on one of the schedule's sparse lists is next due, and how often it was tried, only while
 * it is still on that list (`listedBy`, the list's partition attribute): a payment the work finished meanwhile
 * has left the list, and the refused write keeps it out.
 */
async function setWhileListed(
  paymentId: string,
  listedBy: 'pendingShard' | 'uncountedShard' | 'unfinishedShard',
  values: Record<string, string | number>,
) {
  const names = Object.keys(values);
  await conditionally(() =>
    documentClient().send(
      new UpdateCommand({
        TableName: tableName('payments'),
        Key: { paymentId },
        UpdateExpression: `SET ${names.map((name) => `${name} = :${name}`).join(', ')}`,
        ConditionExpression: `attribute_exists(${listedBy})`,
        ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, values[name]])),
      }),
    ),
  );
}

/**
 * Up to `limit` items of a sparse index, oldest first. The index copies may lag the items a moment; the
 * callers re-read a payment before acting on it.
 */
async function queryIndex(query: {
  IndexName: string;
  KeyConditionExpression: string;
  FilterExpression?: string;
  ExpressionAttributeValues: Record<string, unknown>;
  limit: number;
}): Promise<PaymentRecord[]> {
  const { limit, ...rest } = query;
  const items: PaymentRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: tableName('payments'),
        ...rest,
        Limit: limit - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...((page.Items ?? []) as PaymentRecord[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length < limit);
  return items;
}
