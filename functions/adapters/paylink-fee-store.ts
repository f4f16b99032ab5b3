import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { GstSummaryPaymentReader } from '../domain/gst-summary';
import type { PaymentRecord } from '../domain/payments';
import { documentClient, tableName } from './dynamo';

/**
 * A merchant's succeeded payments created in a window, as the GST summary's store reads them
 * (gst-summary-store.ts: the `byMerchant` index page by page, stopping at `maxRead`), with Paylink's fee
 * (`productFeeCents`) too: what the fee statement and the GST return worksheet need.
 */
export const paylinkFeeStore: GstSummaryPaymentReader = {
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
            'paymentId, merchantId, #status, createdAt, settledAt, currency, baseCents, tipCents, totalCents, productFeeCents, linkTitle, payerName, receiptNumber, receiptTax, refunds',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':merchantId': merchantId,
            ':from': fromInstant,
            ':to': toInstant,
            ':succeeded': 'succeeded',
          },
          ExclusiveStartKey: startKey,
        }),
      );
      read += page.ScannedCount ?? 0;
      // BETWEEN is inclusive; a payment created at the window's end itself belongs to the next one.
      payments.push(...((page.Items ?? []) as PaymentRecord[]).filter((payment) => payment.createdAt < toInstant));
      startKey = page.LastEvaluatedKey;
      if (startKey && read >= maxRead) return { payments, complete: false };
    } while (startKey);
    return { payments, complete: true };
  },
};
