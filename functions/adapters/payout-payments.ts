/**
 * The payments behind a page of payout lines, read together: BatchGetItem of up to 100 ids per call (what
 * DynamoDB takes), only the attributes a line needs. docs/decisions.md #129.
 */
import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { PaymentRecord } from '../domain/payments';
import { documentClient, tableName } from './dynamo';

const KEYS_PER_CALL = 100;
/** Retries of keys DynamoDB leaves unprocessed (throttling), after a full-jitter wait up to 50, 100, 200, 400 ms. */
const RETRIES = { attempts: 4, baseMs: 50, capMs: 400 } as const;

async function readBatch(paymentIds: readonly string[]): Promise<PaymentRecord[]> {
  const table = tableName('payments');
  const found: PaymentRecord[] = [];
  let pending: Record<string, unknown>[] | undefined = paymentIds.map((paymentId) => ({ paymentId }));
  for (let attempt = 0; pending?.length; attempt++) {
    if (attempt > RETRIES.attempts) {
      throw new Error(`DynamoDB left ${pending.length} payment keys unprocessed after ${attempt} attempts`);
    }
    if (attempt > 0) {
      const ceiling = Math.min(RETRIES.capMs, RETRIES.baseMs * 2 ** (attempt - 1));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
    const answer: BatchGetCommandOutput = await documentClient().send(
      new BatchGetCommand({
        RequestItems: {
          [table]: {
            Keys: pending,
            ConsistentRead: true,
            // What a line shows, and what its GST-bearing part is worked out from (payout-line-gst.ts: the
            // price and tip, the refunds, the receipt's tax): a missing one would make that part NaN.
            ProjectionExpression:
              'paymentId, merchantId, payerName, linkTitle, receiptNumber, receiptTax, baseCents, tipCents, totalCents, refunds',
          },
        },
      }),
    );
    found.push(...((answer.Responses?.[table] ?? []) as PaymentRecord[]));
    pending = answer.UnprocessedKeys?.[table]?.Keys;
  }
  return found;
}

export const payoutPayments = {
  async getMany(paymentIds: readonly string[]): Promise<PaymentRecord[]> {
    const batches: string[][] = [];
    for (let start = 0; start < paymentIds.length; start += KEYS_PER_CALL) {
      batches.push(paymentIds.slice(start, start + KEYS_PER_CALL));
    }
    return (await Promise.all(batches.map(readBatch))).flat();
  },
};
