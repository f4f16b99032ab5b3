import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { StatsRepository } from '../domain/payments';
import { documentClient, tableName } from './dynamo';

export const statsStore: StatsRepository = {
  /**
   * One conditional UpdateItem counts a payment into its day exactly once, with no transaction: the day
   * keeps the set of payment ids it has counted, and the condition refuses an id already in it.
   */
  async countSucceededPayment(payment, day) {
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: tableName('stats'),
          Key: { merchantId: payment.merchantId, day },
          UpdateExpression:
            'ADD revenueCents :total, tipCents :tip, productFeeCents :fee, succeededCount :one, counted :ids SET currency = :currency',
          ConditionExpression: 'attribute_not_exists(counted) OR NOT contains(counted, :id)',
          ExpressionAttributeValues: {
            ':total': payment.totalCents,
            ':tip': payment.tipCents,
            ':fee': payment.productFeeCents,
            ':one': 1,
            ':ids': new Set([payment.paymentId]),
            ':id': payment.paymentId,
            ':currency': payment.currency,
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },
};
