/**
 * A busy merchant's payout on the Stripe sandbox: thousands of card charges seeded at once
 * (`/_emu/balance_transactions/seed`), each naming a Paylink payment seeded in the payments table, paid
 * out in one payout whose `payout.paid` is dropped — so the test or the bench records it itself, with the
 * time budget and the call counting it chooses. Used by tests/integration/payout-lines-at-scale.test.ts
 * and the bench's payout row.
 */
import { randomBytes } from 'node:crypto';
import { merchantStore } from '@functions/adapters/merchant-store';
import { STATUS_RANK } from '@functions/domain/payment-status';
import type { TestMerchant, TestRuntime } from '../integration/harness';
import { batchPutPayments, pendingPayment } from './payments-seed';

export interface BusyPayout {
  payoutId: string;
  account: string;
  amountCents: number;
  /** The Paylink payment the n-th charge (oldest first) names. */
  paymentIdOf(index: number): string;
}

/** `transactions` charges of `amountCents` with Paylink's `applicationFeeCents` (3 lines each), paid out in one payout. */
export async function seedBusyPayout(
  env: Pick<TestRuntime, 'sandboxControl' | 'settle'>,
  merchant: TestMerchant,
  {
    transactions,
    amountCents = 1000,
    applicationFeeCents = 20,
  }: { transactions: number; amountCents?: number; applicationFeeCents?: number },
): Promise<BusyPayout> {
  const account = (await merchantStore.get(merchant.sub))?.stripeAccountId;
  if (!account) throw new Error('the merchant has no connected Stripe account');
  const prefix = `busy${randomBytes(4).toString('hex')}`;
  const paymentIdOf = (index: number) => `${prefix}${String(index).padStart(6, '0')}`;
  // Each as it stands once paid (a payout pays out succeeded charges): written pending, with no Checkout
  // session, they sat in the re-verify schedule's work list, and a run that came later (the bench's lost
  // webhooks, in the same runtime) spent its budget failing them instead of reaching its own payments.
  const paidAt = new Date(Date.now() - 86_400_000);
  await batchPutPayments(
    Array.from({ length: transactions }, (_, index) => {
      const {
        pendingShard: _shard,
        pendingSince: _since,
        reverifyAt: _reverifyAt,
        ...payment
      } = pendingPayment(merchant.sub, {
        createdAt: paidAt,
        paymentId: paymentIdOf(index),
        linkTitle: 'Market stall',
        stripeAccountId: account,
      });
      return {
        ...payment,
        status: 'succeeded' as const,
        statusRank: STATUS_RANK.succeeded,
        settledAt: paidAt.toISOString(),
        payerName: `Payer ${index}`,
      };
    }),
  );
  await env.sandboxControl('/_emu/balance_transactions/seed', {
    account,
    count: String(transactions),
    amount: String(amountCents),
    application_fee: String(applicationFeeCents),
    payment_id_prefix: prefix,
  });
  await env.sandboxControl('/_emu/webhooks/drop', { count: '1', types: 'payout.paid' });
  const run = await env.sandboxControl<{ data: Array<{ id: string; amount: number }> }>('/_emu/payouts/run', {
    account,
  });
  await env.settle();
  const payout = run.data[0];
  if (!payout) throw new Error('the sandbox made no payout');
  return { payoutId: payout.id, account, amountCents: payout.amount, paymentIdOf };
}
