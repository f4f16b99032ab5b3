/**
 * Writes of the money after the sale onto the payments table (functions/domain/money-after-sale.ts).
 * Both are single conditional UpdateItems on the payment's `moneyVersion`: no transactions (dynalite has
 * none), and concurrent news never overwrites newer news — the loser re-reads and merges again.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { uncountedShardOf, type PaymentRecord } from '../domain/payments';
import type { MoneyRepository } from '../domain/money-after-sale';
import { conditionally, documentClient, tableName } from './dynamo';

function versionCondition(expected: number | undefined, values: Record<string, unknown>): string {
  if (expected === undefined) return 'attribute_not_exists(moneyVersion)';
  values[':expectedVersion'] = expected;
  return 'moneyVersion = :expectedVersion';
}

export const moneyStore: MoneyRepository = {
  async saveMoneyState(paymentId, expectedVersion, write, now) {
    const values: Record<string, unknown> = {
      ':refunds': write.refunds,
      ':refunded': write.refundedCents,
      ':paymentCounted': write.paymentCounted,
      ':nextVersion': (expectedVersion ?? 0) + 1,
      ':now': now.toISOString(),
    };
    const sets = [
      'refunds = :refunds',
      'refundedCents = :refunded',
      'paymentCounted = :paymentCounted',
      'moneyVersion = :nextVersion',
      'updatedAt = :now',
    ];
    const removes: string[] = [];
    if (write.dispute) {
      sets.push('dispute = :dispute');
      values[':dispute'] = write.dispute;
    }
    if (write.moneyState) {
      sets.push('moneyState = :moneyState');
      values[':moneyState'] = write.moneyState;
    } else {
      removes.push('moneyState');
    }
    if (write.markUncounted) {
      // In the same write as the news: until its counts land, the payment is `uncounted` (sealing waits).
      sets.push('uncountedShard = :uncounted', 'uncountedSince = if_not_exists(uncountedSince, :now)');
      values[':uncounted'] = uncountedShardOf(paymentId);
    }
    const condition = `attribute_exists(paymentId) AND ${versionCondition(expectedVersion, values)}`;
    const saved = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('payments'),
          Key: { paymentId },
          UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
          ConditionExpression: condition,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return saved?.Attributes as PaymentRecord | undefined;
  },

  async completeCounts(payment, done) {
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, unknown> = {
      ':status': payment.status,
      ':paymentCounted': done.paymentCounted,
      ':zero': 0,
      ':one': 1,
    };
    const sets = ['paymentCounted = :paymentCounted', 'moneyVersion = if_not_exists(moneyVersion, :zero) + :one'];
    done.refundsCounted.forEach((refundId, index) => {
      names[`#counted${index}`] = refundId;
      sets.push(`refunds.#counted${index}.counted = :true`);
    });
    done.refundsReversed.forEach((refundId, index) => {
      names[`#reversed${index}`] = refundId;
      sets.push(`refunds.#reversed${index}.reversed = :true`);
    });
    if (done.disputeLossCounted) sets.push('dispute.lossCounted = :true');
    // DynamoDB refuses a value no expression uses.
    if (sets.some((set) => set.endsWith(':true'))) values[':true'] = true;
    // Only if nothing happened since the read: a newer merge or status may owe another count.
    const condition = `attribute_exists(paymentId) AND #status = :status AND ${versionCondition(payment.moneyVersion, values)}`;
    const written = await conditionally(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName('payments'),
          Key: { paymentId: payment.paymentId },
          UpdateExpression: `SET ${sets.join(', ')} REMOVE uncountedShard, uncountedSince, countRetryAt, countAttempts`,
          ConditionExpression: condition,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return written?.Attributes as PaymentRecord | undefined;
  },
};
