/**
 * The payments behind a page of payout lines, read together: BatchGetItem of up to 100 ids per call (what
 * DynamoDB takes), only the attributes a line needs. docs/decisions.md #129.
 */
import type { PaymentRecord } from '../domain/payments';
import { batchGetWithRetries, tableName } from './dynamo';

const KEYS_PER_CALL = 100;
/**
 * What a line shows, and what its GST-bearing part is worked out from (payout-line-gst.ts: the price and tip,
 * the refunds, the receipt's tax, the link's GST treatment #136): a missing one would make that part NaN, or
 * code a zero-rated sale at 15%.
 */
const LINE_ATTRIBUTES =
  'paymentId, merchantId, payerName, linkTitle, receiptNumber, receiptTax, gstTreatment, baseCents, tipCents, totalCents, refunds';

function readBatch(paymentIds: readonly string[]): Promise<PaymentRecord[]> {
  return batchGetWithRetries<PaymentRecord>(
    tableName('payments'),
    paymentIds.map((paymentId) => ({ paymentId })),
    { projection: LINE_ATTRIBUTES },
  );
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
