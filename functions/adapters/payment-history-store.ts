import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PaymentHistoryRepository, PaymentPosition } from '../domain/payment-history';
import type { PaymentRecord, SettlementDetails } from '../domain/payments';
import { conditionally, documentClient, tableName } from './dynamo';

/**
 * The payments table's `byMerchant` index (or `byPayerEmail`, for one payer's payments), read newest first,
 * and the detail's back-fill.
 */
export const paymentHistoryStore: PaymentHistoryRepository = {
  async query(query) {
    const names: Record<string, string> = {};
    // Both indexes sort by createdAt; the partition is the merchant, or the merchant and one payer's email.
    const partition = query.payerEmailKey
      ? { attribute: 'payerEmailKey', value: query.payerEmailKey, index: 'byPayerEmail' }
      : { attribute: 'merchantId', value: query.merchantId, index: 'byMerchant' };
    const values: Record<string, unknown> = { ':partition': partition.value };
    let keyCondition = `${partition.attribute} = :partition`;
    if (query.createdFrom && query.createdTo) {
      keyCondition += ' AND createdAt BETWEEN :from AND :to';
      Object.assign(values, { ':from': query.createdFrom, ':to': query.createdTo });
    } else if (query.createdFrom) {
      keyCondition += ' AND createdAt >= :from';
      values[':from'] = query.createdFrom;
    } else if (query.createdTo) {
      keyCondition += ' AND createdAt <= :to';
      values[':to'] = query.createdTo;
    }

    const filters: string[] = [];
    if (query.statuses?.length) {
      names['#status'] = 'status';
      const placeholders = query.statuses.map((status, index) => {
        values[`:status${index}`] = status;
        return `:status${index}`;
      });
      filters.push(`#status IN (${placeholders.join(', ')})`);
    }
    if (query.moneyState === null) {
      filters.push('attribute_not_exists(moneyState)');
    } else if (query.moneyState) {
      values[':moneyState'] = query.moneyState;
      filters.push('moneyState = :moneyState');
    }
    if (query.idPrefix) {
      values[':idPrefix'] = query.idPrefix;
      // Any id the payer or Stripe showed: Paylink's, the payment intent's, the Checkout session's
      // (docs/decisions.md #29); within the merchant's partition, as every filter here.
      filters.push(
        '(begins_with(paymentId, :idPrefix) OR begins_with(paymentIntentId, :idPrefix) OR begins_with(checkoutSessionId, :idPrefix))',
      );
    }
    if (query.referenceKey) {
      values[':referenceKey'] = query.referenceKey;
      filters.push('referenceKey = :referenceKey');
    }
    if (query.totalMin !== undefined) {
      values[':totalMin'] = query.totalMin;
      filters.push('totalCents >= :totalMin');
    }
    if (query.totalMax !== undefined) {
      values[':totalMax'] = query.totalMax;
      filters.push('totalCents <= :totalMax');
    }

    const result = await documentClient().send(
      new QueryCommand({
        TableName: tableName('payments'),
        IndexName: partition.index,
        KeyConditionExpression: keyCondition,
        ...(filters.length > 0 && { FilterExpression: filters.join(' AND ') }),
        ...(Object.keys(names).length > 0 && { ExpressionAttributeNames: names }),
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        Limit: query.evaluate,
        // An index's start key is the index key plus the table key; the merchant is always the caller.
        ...(query.startAfter && {
          ExclusiveStartKey: {
            [partition.attribute]: partition.value,
            createdAt: query.startAfter.createdAt,
            paymentId: query.startAfter.paymentId,
          },
        }),
      }),
    );
    const last = result.LastEvaluatedKey;
    const lastEvaluated: PaymentPosition | undefined = last
      ? { createdAt: String(last.createdAt), paymentId: String(last.paymentId) }
      : undefined;
    return { items: (result.Items ?? []) as PaymentRecord[], lastEvaluated };
  },

  async get(paymentId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('payments'), Key: { paymentId }, ConsistentRead: true }),
    );
    return Item as PaymentRecord | undefined;
  },

  async fillMissingDetails(paymentId, details) {
    const known = Object.entries(details).filter(([, value]) => value !== undefined && value !== null) as [
      keyof SettlementDetails,
      unknown,
    ][];
    if (known.length > 0) {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {};
      // if_not_exists keeps whatever settlement wrote meanwhile (it never stores a null: advance skips them).
      const sets = known.map(([key, value]) => {
        names[`#${key}`] = key;
        values[`:${key}`] = value;
        return `#${key} = if_not_exists(#${key}, :${key})`;
      });
      await conditionally(() =>
        documentClient().send(
          new UpdateCommand({
            TableName: tableName('payments'),
            Key: { paymentId },
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: 'attribute_exists(paymentId)',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          }),
        ),
      );
    }
    return paymentHistoryStore.get(paymentId);
  },

  async linkExists(linkId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('links'), Key: { linkId }, ProjectionExpression: 'linkId' }),
    );
    return Item !== undefined;
  },
};
