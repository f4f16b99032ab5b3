import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { GstSummaryPaymentReader } from '../domain/gst-summary';
import type { PaymentRecord } from '../domain/payments';
import { documentClient, tableName } from './dynamo';

/**
 * A merchant's succeeded payments created in a window, read from the payments table's `byMerchant` index
 * (merchant, createdAt) page by page, with only what a receipt's GST needs — the tax settings it was
 * issued under among them (docs/decisions.md #97) — and Paylink's fee on it, for the fee statement and the
 * GST return worksheet (#123, #124). Stops once `maxRead` items have been read (DynamoDB
 * reads filtered-out items too), saying the answer is incomplete.
 */
export const gstSummaryStore: GstSummaryPaymentReader = {
  async listSucceededCreatedBetween(merchantId, fromInstant, toInstant, maxRead) {
    const payments: PaymentRecord[] = [];
    let read = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(
        new QueryCommand({
          TableName: tableName('payments'),
          IndexName: 'byMerchant',
          KeyConditionExpression: 'merchantId = :merchantId AND createdAt BETWEEN :from AND :to',
          FilterExpression: '#status = :succeeded',
          ProjectionExpression:
            'paymentId, merchantId, #status, createdAt, settledAt, chargedAt, currency, baseCents, tipCents, totalCents, productFeeCents, linkTitle, payerName, receiptNumber, receiptTax, gstTreatment, refunds',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':merchantId': merchantId,
            ':from': fromInstant,
            // BETWEEN is inclusive; a payment created at the window's end itself is dropped below.
            ':to': toInstant,
            ':succeeded': 'succeeded',
          },
          ExclusiveStartKey: startKey,
        }),
      );
      read += page.ScannedCount ?? 0;
      payments.push(...((page.Items ?? []) as PaymentRecord[]).filter((payment) => payment.createdAt < toInstant));
      startKey = page.LastEvaluatedKey;
      if (startKey && read >= maxRead) return { payments, complete: false };
    } while (startKey);
    return { payments, complete: true };
  },
};
