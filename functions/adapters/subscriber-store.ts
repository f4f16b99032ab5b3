/** Recurring links' subscribers in DynamoDB (docs/decisions.md #155): one item per Stripe subscription. */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SubscriberRecord, SubscriberRepository } from '../domain/subscribers';
import { conditionally, documentClient, queryAll, tableName } from './dynamo';

const table = () => tableName('subscribers');

export const subscriberStore: SubscriberRepository = {
  async get(subscriptionId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: table(), Key: { subscriptionId }, ConsistentRead: true }),
    );
    return Item as SubscriberRecord | undefined;
  },

  async createIfAbsent(record) {
    const created = await conditionally(() =>
      documentClient().send(
        new PutCommand({
          TableName: table(),
          // A set of no invoices cannot be stored: the first paid invoice's ADD makes it.
          Item: { ...record, paidInvoiceIds: undefined },
          ConditionExpression: 'attribute_not_exists(subscriptionId)',
        }),
      ),
    );
    if (created) return record;
    // Another run created it first: its salt and first payment are the ones every run must use.
    const stored = await this.get(record.subscriptionId);
    if (!stored) throw new Error(`Subscriber ${record.subscriptionId} was neither created nor found`);
    return stored;
  },

  async recordState(subscriptionId, state, readAt, now) {
    const written = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: { subscriptionId },
          UpdateExpression:
            'SET #status = :status, nextPaymentAt = :next, endsAtPeriodEnd = :ends, endedReason = :reason, ' +
            'stateReadAt = :readAt, updatedAt = :now',
          // Newest read wins; an ended subscriber never runs again (docs/decisions.md #155).
          ConditionExpression:
            'attribute_exists(subscriptionId) AND stateReadAt < :readAt AND NOT #status IN (:cancelled, :completed)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': state.status,
            ':next': state.nextPaymentAt,
            ':ends': state.endsAtPeriodEnd,
            ':reason': state.endedReason,
            ':readAt': readAt,
            ':now': now.toISOString(),
            ':cancelled': 'cancelled',
            ':completed': 'completed',
          },
        }),
      ),
    );
    return written !== undefined;
  },

  async addPaidInvoice(subscriptionId, invoiceId, now) {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: { subscriptionId },
        UpdateExpression: 'ADD paidInvoiceIds :invoice SET updatedAt = :now',
        ConditionExpression: 'attribute_exists(subscriptionId)',
        ExpressionAttributeValues: { ':invoice': new Set([invoiceId]), ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as SubscriberRecord;
  },

  async fillPayer(subscriptionId, payer, now) {
    const written = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: { subscriptionId },
          UpdateExpression: 'SET payerName = :name, payerEmail = :email, updatedAt = :now',
          ConditionExpression:
            'attribute_exists(subscriptionId) AND (attribute_not_exists(payerEmail) OR attribute_type(payerEmail, :null))',
          ExpressionAttributeValues: {
            ':name': payer.payerName,
            ':email': payer.payerEmail,
            ':now': now.toISOString(),
            ':null': 'NULL',
          },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return (written?.Attributes as SubscriberRecord | undefined) ?? this.get(subscriptionId);
  },

  listOfMerchant(merchantId, linkId) {
    return queryAll<SubscriberRecord>({
      TableName: table(),
      IndexName: 'byMerchant',
      KeyConditionExpression: 'merchantId = :merchantId',
      ...(linkId && { FilterExpression: 'linkId = :linkId' }),
      ExpressionAttributeValues: { ':merchantId': merchantId, ...(linkId && { ':linkId': linkId }) },
      ScanIndexForward: false,
    });
  },
};
