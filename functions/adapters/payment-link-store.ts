import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LINK_SETTINGS_FIELDS, readPaymentLinkRecord } from '@shared/payment-link-record';
import { isSoldOut, type LinkPlaces, type PaymentLinkRepository } from '../domain/payment-links';
import type { ActiveLinkCounter } from '../domain/stats';
import { conditionally, countQuery, documentClient, isThrottled, queryAll, tableName } from './dynamo';

export const paymentLinkStore: PaymentLinkRepository = {
  async get(linkId) {
    const { Item } = await documentClient().send(new GetCommand({ TableName: tableName('links'), Key: { linkId } }));
    return Item && readPaymentLinkRecord(Item);
  },

  async create(link) {
    await documentClient().send(
      new PutCommand({
        TableName: tableName('links'),
        Item: link,
        ConditionExpression: 'attribute_not_exists(linkId)',
      }),
    );
  },

  async listByMerchant(merchantId) {
    const items = await queryAll<Record<string, unknown>>({
      TableName: tableName('links'),
      IndexName: 'byMerchant',
      KeyConditionExpression: 'merchantId = :merchantId',
      ExpressionAttributeValues: { ':merchantId': merchantId },
      ScanIndexForward: false,
    });
    return items.map(readPaymentLinkRecord);
  },

  async setActive(merchantId, linkId, isActive, now) {
    const updated = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('links'),
          Key: { linkId },
          UpdateExpression: 'SET isActive = :isActive, updatedAt = :now',
          ConditionExpression: 'merchantId = :merchantId',
          ExpressionAttributeValues: { ':isActive': isActive, ':now': now.toISOString(), ':merchantId': merchantId },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return updated?.Attributes && readPaymentLinkRecord(updated.Attributes);
  },

  async setExpiry(merchantId, linkId, { expiresAt, expiredMessage }, now) {
    const updated = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('links'),
          Key: { linkId },
          UpdateExpression: 'SET expiresAt = :expiresAt, expiredMessage = :expiredMessage, updatedAt = :now',
          ConditionExpression: 'merchantId = :merchantId',
          ExpressionAttributeValues: {
            ':expiresAt': expiresAt,
            ':expiredMessage': expiredMessage,
            ':now': now.toISOString(),
            ':merchantId': merchantId,
          },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return updated?.Attributes && readPaymentLinkRecord(updated.Attributes);
  },

  async setSettings(merchantId, linkId, settings, now) {
    // Exactly the fields Edit link settings holds, each under a name of its own (`reference` is a reserved word).
    const names = Object.fromEntries(LINK_SETTINGS_FIELDS.map((field) => [`#${field}`, field]));
    const values = Object.fromEntries(LINK_SETTINGS_FIELDS.map((field) => [`:${field}`, settings[field]]));
    const updated = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('links'),
          Key: { linkId },
          UpdateExpression: `SET ${LINK_SETTINGS_FIELDS.map((field) => `#${field} = :${field}`).join(', ')}, updatedAt = :now`,
          // The limit is compared with the places taken as stored now, not as read a moment ago (#58, #83).
          ConditionExpression: [
            'merchantId = :merchantId',
            ...(settings.maxPayments === null
              ? []
              : ['(attribute_not_exists(placesTaken) OR placesTaken <= :maxPayments)']),
          ].join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ...values, ':now': now.toISOString(), ':merchantId': merchantId },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    if (updated) return { ok: true, link: readPaymentLinkRecord(updated.Attributes) };
    // Refused: read once to say why. Another merchant's link answers as a missing one does.
    const link = await paymentLinkStore.get(linkId);
    if (!link || link.merchantId !== merchantId) return { ok: false, reason: 'not_found' };
    return { ok: false, reason: 'below_taken', link };
  },
};

/** The places ledger (docs/decisions.md #58): conditional UpdateItems on the link row, no transactions. */
export const linkPlacesStore: LinkPlaces = {
  async take(link, paymentId, openCap) {
    const limited = link.maxPayments != null;
    // A ticket drop can write the row past DynamoDB's per-item rate (docs/decisions.md #115): a
    // throttled take took nothing, and the payer is told the link is busy, in words, not a server error.
    const taken = await tryTake(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('links'),
          Key: { linkId: link.linkId },
          UpdateExpression: 'ADD holds :ids, placesTaken :one',
          // Compared with the stored limit, not the one read a moment ago.
          ConditionExpression: [
            'attribute_exists(linkId)',
            '(attribute_not_exists(holds) OR size(holds) < :openCap)',
            ...(limited ? ['(attribute_not_exists(placesTaken) OR placesTaken < maxPayments)'] : []),
          ].join(' AND '),
          ExpressionAttributeValues: { ':ids': new Set([paymentId]), ':one': 1, ':openCap': openCap },
        }),
      ),
    );
    if (taken === 'throttled') return 'busy';
    if (taken) return 'held';
    const now = await paymentLinkStore.get(link.linkId);
    return now && isSoldOut(now) ? 'sold_out' : 'busy';
  },

  async sell(linkId, paymentId, totalCents) {
    // The link's results move with the sold place (docs/decisions.md #82): no call of their own.
    return settleHold(linkId, paymentId, 'ADD soldCount :one, grossCents :total', { ':one': 1, ':total': totalCents });
  },

  async release(linkId, paymentId) {
    return settleHold(linkId, paymentId, 'ADD placesTaken :one', { ':one': -1 });
  },
};

/** The take's write: its output, `undefined` when its condition refused it, 'throttled' when DynamoDB did. */
async function tryTake<T>(write: () => Promise<T>): Promise<T | undefined | 'throttled'> {
  try {
    return await conditionally(write);
  } catch (error) {
    if (isThrottled(error)) return 'throttled';
    throw error;
  }
}

/** Removes the payment's hold and applies `add` in the same write, only while the hold is there. */
async function settleHold(linkId: string, paymentId: string, add: string, values: Record<string, number>) {
  const done = await conditionally(() =>
    documentClient().send(
      new UpdateCommand({
        TableName: tableName('links'),
        Key: { linkId },
        UpdateExpression: `DELETE holds :ids ${add}`,
        ConditionExpression: 'contains(holds, :id)',
        ExpressionAttributeValues: { ':ids': new Set([paymentId]), ':id': paymentId, ...values },
      }),
    ),
  );
  return done !== undefined;
}

/** The merchant's active links (switched on and not expired), counted on links `byMerchant` without reading them. */
export const activeLinkCounter: ActiveLinkCounter = {
  countActive(merchantId, now) {
    return countQuery({
      TableName: tableName('links'),
      IndexName: 'byMerchant',
      KeyConditionExpression: 'merchantId = :merchantId',
      // A link past its expiry takes no payment, so it is not active (expiry is checked on read, #43, #53); a
      // one-off payment request's own link is not one of the merchant's links (docs/decisions.md #79).
      FilterExpression:
        'isActive = :active AND attribute_not_exists(requestOnly) AND (attribute_not_exists(expiresAt) OR attribute_type(expiresAt, :null) OR expiresAt > :now)',
      ExpressionAttributeValues: {
        ':merchantId': merchantId,
        ':active': true,
        ':null': 'NULL',
        ':now': now.toISOString(),
      },
    });
  },
};
