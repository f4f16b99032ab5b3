/** The rows a test reads straight from the local runtime's tables, to check what the API and the handlers wrote. */
import { GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { PaymentRecord } from '@functions/domain/payments';
import type { TestRuntime } from '../integration/harness';

type Tables = Pick<TestRuntime, 'documents' | 'runtime'>;

export async function paymentRow(env: Tables, paymentId: string): Promise<PaymentRecord> {
  const { Item } = await env.documents.send(
    new GetCommand({ TableName: env.runtime.dynamo.tableNames.payments, Key: { paymentId }, ConsistentRead: true }),
  );
  return Item as PaymentRecord;
}

/** Every payment of the merchant, through the `byMerchant` index, all pages. */
export async function merchantPayments(env: Tables, merchantId: string): Promise<PaymentRecord[]> {
  const payments: PaymentRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await env.documents.send(
      new QueryCommand({
        TableName: env.runtime.dynamo.tableNames.payments,
        IndexName: 'byMerchant',
        KeyConditionExpression: 'merchantId = :merchantId',
        ExpressionAttributeValues: { ':merchantId': merchantId },
        ExclusiveStartKey: startKey,
      }),
    );
    payments.push(...((page.Items ?? []) as PaymentRecord[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return payments;
}

/** The merchant's stats items: days (`D#…`), months (`M#…`) and the lifetime (`ALL`). */
export async function statsItems(env: Tables, merchantId: string) {
  const { Items } = await env.documents.send(
    new QueryCommand({
      TableName: env.runtime.dynamo.tableNames.stats,
      KeyConditionExpression: 'merchantId = :merchantId',
      ExpressionAttributeValues: { ':merchantId': merchantId },
    }),
  );
  return Items ?? [];
}

/** Every payment row of a link (a scan: the table has no index by link), to check a refusal opened none. */
export async function paymentsOfLink(env: Tables, linkId: string) {
  const { Items } = await env.documents.send(
    new ScanCommand({
      TableName: env.runtime.dynamo.tableNames.payments,
      FilterExpression: 'linkId = :linkId',
      ExpressionAttributeValues: { ':linkId': linkId },
    }),
  );
  return Items ?? [];
}
