/**
 * The claim that makes an email about a payment go once however often its news comes (docs/decisions.md #93
 * for the merchant's 'Payment received', #172 for the payer's receipt): a conditional write of when it was
 * claimed, only on the merchant's succeeded payment and only once; given back only by the claim that made it.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PaymentRecord } from '../domain/payments';
import { conditionally, documentClient, tableName } from './dynamo';

export type EmailClaim = 'merchantNotifiedAt' | 'payerReceiptSentAt';

export async function claimEmailOnce(
  claim: EmailClaim,
  paymentId: string,
  merchantId: string,
  at: string,
): Promise<PaymentRecord | undefined> {
  // The payer's receipt needs the payer's address: a payment without one is never claimed.
  const needs = claim === 'payerReceiptSentAt' ? ' AND attribute_exists(payerEmail)' : '';
  const claimed = await conditionally(() =>
    documentClient().send(
      new UpdateCommand({
        TableName: tableName('payments'),
        Key: { paymentId },
        UpdateExpression: `SET ${claim} = :at`,
        ConditionExpression: `merchantId = :merchantId AND #status = :succeeded AND attribute_not_exists(${claim})${needs}`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':at': at, ':merchantId': merchantId, ':succeeded': 'succeeded' },
        // The row itself comes back with the claim: the email needs no read of its own.
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return claimed?.Attributes as PaymentRecord | undefined;
}

/** Gives back the claim made `at` (its send failed unsent); a later one (a retry that already sent) stands. */
export async function releaseEmailClaim(claim: EmailClaim, paymentId: string, at: string): Promise<void> {
  await conditionally(() =>
    documentClient().send(
      new UpdateCommand({
        TableName: tableName('payments'),
        Key: { paymentId },
        UpdateExpression: `REMOVE ${claim}`,
        ConditionExpression: `${claim} = :at`,
        ExpressionAttributeValues: { ':at': at },
      }),
    ),
  );
}
