import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ClientHoldRecord, ClientHolds } from '../domain/checkout-holds';
import { epochSeconds } from '../domain/signed-tokens';
import { conditionally, documentClient, tableName } from './dynamo';

const recordId = (linkId: string, clientKey: string) => `checkout-client#${linkId}#${clientKey}`;

/**
 * One client's Checkouts on one link (docs/decisions.md #168), an item in the `events` table that ends with
 * its TTL; a version number makes each write conditional on the one it read.
 */
export const clientHoldStore: ClientHolds = {
  async read(linkId, clientKey) {
    const { Item } = await documentClient().send(
      new GetCommand({
        TableName: tableName('events'),
        Key: { eventId: recordId(linkId, clientKey) },
        ConsistentRead: true,
      }),
    );
    // An expired record that TTL has not removed yet is read as its version with nothing open in it.
    const live = Item && Item.expiresAt > epochSeconds(new Date());
    return {
      checkouts: live ? ((Item.checkouts as ClientHoldRecord['checkouts']) ?? []) : [],
      version: Number(Item?.version ?? 0),
    };
  },

  async linkHolds(linkId) {
    const { Item } = await documentClient().send(
      new GetCommand({
        TableName: tableName('links'),
        Key: { linkId },
        ProjectionExpression: 'holds',
        ConsistentRead: true,
      }),
    );
    return Item?.holds as Set<string> | undefined;
  },

  async write(linkId, clientKey, record, expiresAt) {
    const written = await conditionally(() =>
      documentClient().send(
        new PutCommand({
          TableName: tableName('events'),
          Item: {
            eventId: recordId(linkId, clientKey),
            checkouts: record.checkouts,
            version: record.version + 1,
            expiresAt: epochSeconds(expiresAt),
          },
          ConditionExpression: record.version === 0 ? 'attribute_not_exists(eventId)' : 'version = :version',
          ...(record.version !== 0 && { ExpressionAttributeValues: { ':version': record.version } }),
        }),
      ),
    );
    return written !== undefined;
  },
};
