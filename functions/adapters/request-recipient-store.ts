/**
 * The suppression list, abuse reports and pauses of payment requests (docs/decisions.md #175), kept in the
 * `requests` table beside the requests, under keys of their own: `unsub#<merchantId>#<recipientKey>`,
 * `report#<requestId>` and `reports#<merchantId>`. None carries `merchantId` + `createdAt`, so none shows
 * in the merchant's list of requests (the `byMerchant` index).
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RequestRecipientRepository, SuppressionReason } from '../domain/request-recipients';
import { conditionally, documentClient, tableName } from './dynamo';

const table = () => tableName('requests');
const reportsKey = (merchantId: string) => ({ requestId: `reports#${merchantId}` });

/** The address's row on the business's list, with its reasons; undefined when it is not listed. */
async function listing(merchantId: string, recipientKey: string) {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: table(), Key: { requestId: `unsub#${merchantId}#${recipientKey}` } }),
  );
  if (!Item) return undefined;
  return { reasons: Array.isArray(Item.reasons) ? (Item.reasons as SuppressionReason[]) : [] };
}

export const requestRecipientStore: RequestRecipientRepository = {
  async suppress(merchantId, recipientKey, reason, at) {
    const listed = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: { requestId: `unsub#${merchantId}#${recipientKey}` },
          // The first reason and time stay; a report after an unsubscribe is noted beside it, each reason once
          // (a redelivered bounce or complaint changes nothing).
          UpdateExpression:
            'SET suppressedAt = if_not_exists(suppressedAt, :at), reasons = list_append(if_not_exists(reasons, :none), :reason)',
          ConditionExpression: 'attribute_not_exists(reasons) OR NOT contains(reasons, :reasonName)',
          ExpressionAttributeValues: { ':at': at, ':none': [], ':reason': [reason], ':reasonName': reason },
        }),
      ),
    );
    return listed !== undefined;
  },

  async suppressionOf(merchantId, recipientKey) {
    const listed = await listing(merchantId, recipientKey);
    return listed && (listed.reasons[0] ?? 'unsubscribed');
  },

  async reasonsListed(merchantId, recipientKey) {
    return (await listing(merchantId, recipientKey))?.reasons ?? [];
  },

  async recordReport(request, reason, at) {
    const kept = await conditionally(() =>
      documentClient().send(
        new PutCommand({
          TableName: table(),
          Item: { requestId: `report#${request.requestId}`, reportedMerchantId: request.merchantId, reason, at },
          ConditionExpression: 'attribute_not_exists(requestId)',
        }),
      ),
    );
    return kept !== undefined;
  },

  async countReport(merchantId) {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: reportsKey(merchantId),
        UpdateExpression: 'ADD reports :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Number(Attributes?.reports ?? 1);
  },

  async pauseRequests(merchantId, at) {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: reportsKey(merchantId),
        UpdateExpression: 'SET pausedAt = if_not_exists(pausedAt, :at)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  },

  async requestsPausedAt(merchantId) {
    const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: reportsKey(merchantId) }));
    return typeof Item?.pausedAt === 'string' ? Item.pausedAt : null;
  },
};
