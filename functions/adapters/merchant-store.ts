import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MerchantRecord, MerchantRepository } from '../domain/merchants';
import { documentClient, tableName } from './dynamo';

async function findByIndex(indexName: string, attribute: string, value: string) {
  const { Items } = await documentClient().send(
    new QueryCommand({
      TableName: tableName('merchants'),
      IndexName: indexName,
      KeyConditionExpression: '#attribute = :value',
      ExpressionAttributeNames: { '#attribute': attribute },
      ExpressionAttributeValues: { ':value': value },
      Limit: 1,
    }),
  );
  return Items?.[0] as MerchantRecord | undefined;
}

/** Sets an attribute only if it is unset; answers with the value that stands afterwards. */
async function setOnce(merchantId: string, attribute: string, value: string): Promise<string> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('merchants'),
        Key: { merchantId },
        UpdateExpression: 'SET #attribute = :value',
        ConditionExpression: 'attribute_exists(merchantId) AND attribute_not_exists(#attribute)',
        ExpressionAttributeNames: { '#attribute': attribute },
        ExpressionAttributeValues: { ':value': value },
      }),
    );
    return value;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const current = await merchantStore.get(merchantId);
    const standing = current?.[attribute as keyof MerchantRecord];
    if (typeof standing !== 'string') throw new Error(`Merchant ${merchantId} not found`);
    return standing;
  }
}

/** Sets `attribute` and its timestamp unless a newer timestamp is stored: Stripe's events arrive in any order. */
async function setIfNewer(
  merchantId: string,
  attribute: string,
  value: unknown,
  at: number,
  order: 'same-or-newer' | 'newer' = 'same-or-newer',
): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName('merchants'),
        Key: { merchantId },
        UpdateExpression: 'SET #attribute = :value, #at = :at',
        ConditionExpression: `attribute_exists(merchantId) AND (attribute_not_exists(#at) OR #at ${order === 'newer' ? '<' : '<='} :at)`,
        ExpressionAttributeNames: { '#attribute': attribute, '#at': `${attribute}At` },
        ExpressionAttributeValues: { ':value': value, ':at': at },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export const merchantStore: MerchantRepository = {
  async get(merchantId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('merchants'), Key: { merchantId } }),
    );
    return Item as MerchantRecord | undefined;
  },

  findByEmail: (email) => findByIndex('byEmail', 'email', email),
  findByStripeAccount: (accountId) => findByIndex('byStripeAccount', 'stripeAccountId', accountId),
  findByStripeCustomer: (customerId) => findByIndex('byStripeCustomer', 'stripeCustomerId', customerId),
  attachStripeAccount: (merchantId, accountId) => setOnce(merchantId, 'stripeAccountId', accountId),
  attachStripeCustomer: (merchantId, customerId) => setOnce(merchantId, 'stripeCustomerId', customerId),
  attachPayerPortalConfiguration: (merchantId, configurationId) =>
    setOnce(merchantId, 'payerPortalConfigurationId', configurationId),
  // Read times in milliseconds (stripe-events.ts): a state read at the same instant as the stored one is no newer.
  recordStripeAccountStatus: (merchantId, status, at) =>
    setIfNewer(merchantId, 'stripeAccountStatus', status, at, 'newer'),
  // Earlier records carry an event's time in seconds, which every read time in milliseconds outranks.
  recordSubscription: (merchantId, subscription, at) =>
    setIfNewer(merchantId, 'subscription', subscription, at, 'newer'),

  async create(merchant) {
    await documentClient().send(
      new PutCommand({
        TableName: tableName('merchants'),
        Item: merchant,
        ConditionExpression: 'attribute_not_exists(merchantId)',
      }),
    );
  },

  updateProfile: (merchantId, { fullName, companyName }, now) =>
    updateExisting(merchantId, 'SET fullName = :fullName, companyName = :companyName, updatedAt = :now', {
      ':fullName': fullName,
      ':companyName': companyName,
      ':now': now.toISOString(),
    }),

  async takeReceiptNumber(merchantId) {
    try {
      const { Attributes } = await documentClient().send(
        new UpdateCommand({
          TableName: tableName('merchants'),
          Key: { merchantId },
          UpdateExpression: 'ADD lastReceiptNumber :one',
          ConditionExpression: 'attribute_exists(merchantId)',
          ExpressionAttributeValues: { ':one': 1 },
          // The whole row as the add left it: the receipt keeps the tax settings of this moment (#97),
          // without a read of its own.
          ReturnValues: 'ALL_NEW',
        }),
      );
      const merchant = Attributes as (MerchantRecord & { lastReceiptNumber?: number }) | undefined;
      return merchant?.lastReceiptNumber === undefined
        ? undefined
        : { receiptNumber: merchant.lastReceiptNumber, merchant };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  },

  saveNotifications: (merchantId, { paymentReceivedEmail, payerReceiptEmail }, now) => {
    // Only the choices the request named: the other keeps what it was.
    const sets = [
      ...(paymentReceivedEmail === undefined ? [] : ['paymentReceivedEmail = :merchantEmails']),
      ...(payerReceiptEmail === undefined ? [] : ['payerReceiptEmail = :payerReceipts']),
    ];
    return updateExisting(merchantId, `SET ${[...sets, 'updatedAt = :now'].join(', ')}`, {
      ...(paymentReceivedEmail !== undefined && { ':merchantEmails': paymentReceivedEmail }),
      ...(payerReceiptEmail !== undefined && { ':payerReceipts': payerReceiptEmail }),
      ':now': now.toISOString(),
    });
  },

  saveContact: (merchantId, { contactEmail, contactPhone }, now) =>
    updateExisting(merchantId, 'SET contactEmail = :email, contactPhone = :phone, updatedAt = :now', {
      ':email': contactEmail,
      ':phone': contactPhone,
      ':now': now.toISOString(),
    }),

  saveTax: (merchantId, tax, now) =>
    updateExisting(merchantId, 'SET tax = :tax, updatedAt = :now', { ':tax': tax, ':now': now.toISOString() }),
};

/** Applies `update` to an existing merchant row and answers with the row after it; undefined when there is none. */
async function updateExisting(
  merchantId: string,
  update: string,
  values: Record<string, unknown>,
): Promise<MerchantRecord | undefined> {
  try {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: tableName('merchants'),
        Key: { merchantId },
        UpdateExpression: update,
        ConditionExpression: 'attribute_exists(merchantId)',
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as MerchantRecord;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
