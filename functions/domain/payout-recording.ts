/**
 * Recording a payout with its lines, from its event or the catch-up schedule (docs/decisions.md #56,
 * #129). A busy merchant's payout has tens of thousands of lines: they are read from Stripe a page
 * of 100 balance transactions at a time (the next page asked for while this one is looked up and written),
 * the payments behind a page read in one BatchGetItem, disputes' payment intents a few at once, and each
 * page's lines written with the progress they make. A run that is running out of time stops before a
 * page and throws `PayoutRecordingUnfinished`; whoever tries next (the event's retry, a replayed dead
 * letter, the catch-up) continues after the last page written. The payout's own item is written last, so
 * whoever finds it finds every line.
 */
import { PAYOUT_STATUS_RANK, type PayoutLine } from '@shared/contracts/payouts';
import type { MerchantRecord } from './merchants';
import type { PaymentRecord } from './payments';
import { withTaxableCents } from './payout-line-gst';
import {
  adjustmentLine,
  allPayoutWatchShards,
  isPayoutsOwnWithdrawal,
  linePaymentOf,
  linesOfTransaction,
  mainKind,
  NO_PAYMENT,
  paymentIdInSource,
  paymentIdOfDispute,
  payoutWatchShardOf,
  statusOf,
  type LinePayment,
  type PayoutDeps,
  type PayoutProgress,
  type PayoutWatch,
} from './payouts';
import type { StripeBalanceTransaction, StripePayout } from './stripe-port';

/** Balance transactions per Stripe page: Stripe's most. */
const TRANSACTIONS_PER_PAGE = 100;
/** Lines per stored chunk: well under DynamoDB's 400 KB item limit whatever a line's names hold. */
export const LINES_PER_CHUNK = 300;
/** Disputes' payment intents asked of Stripe at once, within a page. */
const DISPUTE_LOOKUPS_AT_ONCE = 8;
/**
 * Time a recording keeps in hand before it starts another page: one page (a Stripe read of 100 expanded
 * transactions, one BatchGetItem, a chunk write) takes about a second, Stripe's slowest answers far less
 * than this; what is left lets the run end in order rather than be killed.
 */
export const PAGE_RESERVE_MS = 10_000;

/** Thrown when a run stopped a payout's recording to stay within its time: the next try continues it. */
export class PayoutRecordingUnfinished extends Error {
  constructor(
    readonly payoutId: string,
    readonly progress: PayoutProgress,
  ) {
    super(`payout ${payoutId} recorded as far as ${progress.lineCount} lines; the next try continues it`);
    this.name = 'PayoutRecordingUnfinished';
  }
}

const NOT_STARTED: PayoutProgress = {
  startingAfter: null,
  chunksWritten: 0,
  lineCount: 0,
  totalCents: 0,
  listed: false,
};

/** Runs `work` over `items`, at most `limit` at once, answers in order. */
async function inBatchesOf<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += limit) {
    results.push(...(await Promise.all(items.slice(start, start + limit).map(work))));
  }
  return results;
}

/** A payment a line names, as the line shows it and (this merchant's only) as stored. */
interface KnownPayment {
  line: LinePayment;
  record?: PaymentRecord;
}

/** One page's lines, oldest first: Stripe lists newest first, and a transaction's own lines keep their order. */
async function linesOfPage(
  transactions: readonly StripeBalanceTransaction[],
  merchant: MerchantRecord,
  account: string,
  known: Map<string, KnownPayment>,
  deps: Pick<PayoutDeps, 'stripe' | 'payments' | 'paylinkGst'>,
): Promise<PayoutLine[]> {
  const paymentIds = await inBatchesOf(transactions, DISPUTE_LOOKUPS_AT_ONCE, async (transaction) =>
    mainKind(transaction) === 'dispute' && !paymentIdInSource(transaction)
      ? paymentIdOfDispute(transaction, account, deps.stripe)
      : paymentIdInSource(transaction),
  );
  const unknown = [...new Set(paymentIds.filter((id): id is string => id !== null && !known.has(id)))];
  if (unknown.length > 0) {
    const found = new Map((await deps.payments.getMany(unknown)).map((payment) => [payment.paymentId, payment]));
    for (const id of unknown) {
      const line = linePaymentOf(id, found.get(id), merchant.merchantId);
      // Only this merchant's own payment gives a line its GST-bearing part (payout-line-gst.ts).
      known.set(id, { line, record: line.paymentId ? found.get(id) : undefined });
    }
  }
  const lines: PayoutLine[] = [];
  for (let index = transactions.length - 1; index >= 0; index--) {
    const paymentId = paymentIds[index];
    const payment = paymentId ? known.get(paymentId) : undefined;
    lines.push(
      ...withTaxableCents(
        linesOfTransaction(transactions[index]!, payment?.line ?? NO_PAYMENT),
        payment?.record,
        merchant,
        {
          gstNumber: deps.paylinkGst?.gstNumber ?? null,
        },
      ),
    );
  }
  return lines;
}

/**
 * A page's lines as chunks, numbered in writing order so the oldest part reads first: the page's newest
 * part is written first and every later page (older) after it.
 */
function chunksOf(lines: readonly PayoutLine[], firstNumber: number) {
  const parts: PayoutLine[][] = [];
  for (let start = 0; start < lines.length; start += LINES_PER_CHUNK)
    parts.push(lines.slice(start, start + LINES_PER_CHUNK));
  return parts.map((part, index) => ({ number: firstNumber + (parts.length - 1 - index), lines: part }));
}

/**
 * Writes the payout's lines from where an earlier try stopped to the end of Stripe's list, page by page;
 * throws `PayoutRecordingUnfinished` when the run's time will not take another page.
 */
export async function writePayoutLines(
  payout: StripePayout,
  merchant: MerchantRecord,
  account: string,
  deps: PayoutDeps,
): Promise<PayoutProgress> {
  let progress = (await deps.payouts.progressOf(merchant.merchantId, payout.id)) ?? NOT_STARTED;
  const known = new Map<string, KnownPayment>();
  const hasTime = () => deps.remainingMs() > PAGE_RESERVE_MS;
  type Page = { data: StripeBalanceTransaction[]; has_more: boolean };
  const fetchPage = (startingAfter: string | null): Promise<Page> => {
    const page = Promise.resolve(
      deps.stripe.balanceTransactions.list(
        {
          payout: payout.id,
          limit: TRANSACTIONS_PER_PAGE,
          expand: ['data.source'],
          ...(startingAfter && { starting_after: startingAfter }),
        },
        { stripeAccount: account },
      ),
    );
    // A page asked for ahead may never be awaited (the run stopped): its failure must not go unhandled.
    page.catch(() => undefined);
    return page;
  };
  if (progress.listed) return progress;
  if (!hasTime()) throw new PayoutRecordingUnfinished(payout.id, progress);
  let next: Promise<Page> | null = fetchPage(progress.startingAfter);
  while (next !== null) {
    const page: Page = await next;
    const last = page.data.at(-1);
    // The next page is asked for now, so Stripe's answer comes while this one is looked up and written.
    next = page.has_more && last && hasTime() ? fetchPage(last.id) : null;
    const transactions = page.data.filter((transaction) => !isPayoutsOwnWithdrawal(transaction, payout.id));
    const lines = await linesOfPage(transactions, merchant, account, known, deps);
    const chunks = chunksOf(lines, progress.chunksWritten);
    progress = {
      startingAfter: last?.id ?? progress.startingAfter,
      chunksWritten: progress.chunksWritten + chunks.length,
      lineCount: progress.lineCount + lines.length,
      totalCents: progress.totalCents + lines.reduce((sum, line) => sum + line.amountCents, 0),
      listed: !page.has_more,
    };
    await deps.payouts.saveLines(merchant.merchantId, payout.id, chunks, progress);
    if (!page.has_more) return progress;
    if (!next) throw new PayoutRecordingUnfinished(payout.id, progress);
  }
  return progress;
}

/**
 * Records a payout of the merchant's connected account (from its event or the catch-up): a new one with
 * its lines, a known one only if its status moved forward. Safe to repeat, and to stop and continue.
 */
export async function recordPayout(
  payout: StripePayout,
  merchant: MerchantRecord,
  account: string,
  deps: PayoutDeps,
): Promise<'recorded' | 'advanced' | 'unchanged'> {
  const status = statusOf(payout);
  const failureMessage = status === 'failed' ? (payout.failure_message ?? 'The bank returned the payout.') : null;
  const now = deps.now.toISOString();
  const stored = await deps.payouts.statusOf(merchant.merchantId, payout.id);
  if (stored !== null) {
    if (PAYOUT_STATUS_RANK[stored] >= PAYOUT_STATUS_RANK[status]) return 'unchanged';
    return (await deps.payouts.advance(merchant.merchantId, payout.id, status, failureMessage, now))
      ? 'advanced'
      : 'unchanged';
  }
  const written = await writePayoutLines(payout, merchant, account, deps);
  const adjustment = adjustmentLine(payout, written.totalCents);
  if (adjustment) {
    // Kept as a labelled line so the books still match the bank.
    deps.telemetry.log.warn('payout lines do not add up', {
      payoutId: payout.id,
      total: written.totalCents,
      amount: payout.amount,
    });
  }
  const recorded = await deps.payouts.record(
    {
      payoutId: payout.id,
      merchantId: merchant.merchantId,
      stripeAccountId: account,
      status,
      amountCents: payout.amount,
      currency: payout.currency,
      createdAt: new Date(payout.created * 1000).toISOString(),
      arrivalDate: new Date(payout.arrival_date * 1000).toISOString(),
      failureMessage,
      lineCount: written.lineCount + (adjustment ? 1 : 0),
      linesTotalCents: payout.amount,
      updatedAt: now,
    },
    adjustment,
  );
  return recorded ? 'recorded' : 'unchanged';
}

const PAYOUT_EVENTS = new Set(['payout.created', 'payout.updated', 'payout.paid', 'payout.failed', 'payout.canceled']);

/**
 * `payout.paid` / `payout.failed` (and the other payout events) from a merchant's connected account. The
 * payout is read again from Stripe on that account, since an event's copy may be older than another's.
 */
export async function applyPayoutEvent(
  event: { id: string; type: string; data: { object: unknown } },
  account: string,
  deps: PayoutDeps,
): Promise<void> {
  if (!PAYOUT_EVENTS.has(event.type)) return;
  const merchant = await deps.merchants.findByStripeAccount(account);
  if (!merchant || merchant.stripeAccountId !== account) {
    deps.telemetry.log.info('payout event for an account no merchant has', { eventId: event.id });
    return;
  }
  const id = (event.data.object as { id?: string }).id;
  if (!id) return;
  const payout = await deps.stripe.payouts.retrieve(id, {}, { stripeAccount: account });
  const outcome = await recordPayout(payout, merchant, account, deps);
  deps.telemetry.log.info('payout recorded', { payoutId: id, outcome, status: payout.status });
}

/* ---------------------------------------------------------------- catch-up schedule */

/** How long after its last payment a merchant's payouts are still asked about: Stripe pays out within days. */
export const PAYOUT_WATCH_DAYS = 14;
/** How often one watched merchant is asked about (Stripe pays out at most daily). */
export const PAYOUT_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** Stripe calls one scheduled run may make at most: the rest are due next run, most overdue first. */
export const PAYOUT_CHECKS_PER_RUN = 500;
/** Time a run keeps in hand before it checks another merchant (one check lists payouts, then records). */
const MERCHANT_RESERVE_MS = PAGE_RESERVE_MS + 5_000;
/** How far back a check lists payouts: a lost event of the last few days is found, older ones were checked before. */
const LOOKBACK_SECONDS = 4 * 86_400;

/**
 * One run of the catch-up: merchants with payments in the last few days (their unsealed stats days) are
 * put on the watch list for PAYOUT_WATCH_DAYS; then each watched merchant that is due has its recent payouts
 * listed on its account and recorded. A merchant with no recent payments costs nothing: never one Stripe
 * call per merchant per run, only per recently active merchant every PAYOUT_CHECK_INTERVAL_MS. Each
 * merchant is rescheduled before it is checked, so a run killed during one merchant's payout leaves that
 * merchant for later rather than first in line; a payout left unfinished makes its merchant due again at
 * once, behind every merchant waiting longer, and the run stops while it still has time.
 */
export async function catchUpPayouts(
  recentlyActive: readonly string[],
  deps: PayoutDeps,
): Promise<{ watched: number; checked: number; recorded: number; unfinished: number }> {
  const now = deps.now;
  const watchUntil = new Date(now.getTime() + PAYOUT_WATCH_DAYS * 86_400_000).toISOString();
  for (const merchantId of new Set(recentlyActive)) {
    await deps.payouts.watch(merchantId, watchUntil, payoutWatchShardOf(merchantId));
  }
  const due: PayoutWatch[] = [];
  for (const shard of allPayoutWatchShards()) {
    due.push(...(await deps.payouts.listDueWatches(shard, now.toISOString(), PAYOUT_CHECKS_PER_RUN)));
  }
  due.sort((a, b) => a.nextCheckAt.localeCompare(b.nextCheckAt));
  const run = { watched: new Set(recentlyActive).size, checked: 0, recorded: 0, unfinished: 0 };
  for (const watch of due.slice(0, PAYOUT_CHECKS_PER_RUN)) {
    if (deps.remainingMs() < MERCHANT_RESERVE_MS) break;
    if (watch.watchUntil <= now.toISOString()) {
      await deps.payouts.unwatch(watch.merchantId, watch.watchUntil);
      continue;
    }
    await deps.payouts.rescheduleWatch(
      watch.merchantId,
      new Date(now.getTime() + PAYOUT_CHECK_INTERVAL_MS).toISOString(),
    );
    try {
      const merchant = await deps.merchants.get(watch.merchantId);
      const account = merchant?.stripeAccountId;
      if (!merchant || !account) continue;
      run.checked++;
      for await (const payout of deps.stripe.payouts.list(
        { created: { gte: Math.floor(now.getTime() / 1000) - LOOKBACK_SECONDS }, limit: 100 },
        { stripeAccount: account },
      )) {
        if ((await recordPayout(payout, merchant, account, deps)) !== 'unchanged') run.recorded++;
      }
    } catch (error) {
      if (error instanceof PayoutRecordingUnfinished) {
        run.unfinished++;
        deps.telemetry.log.info('payout catch-up stopped part-way; the next run continues it', {
          merchantId: watch.merchantId,
          payoutId: error.payoutId,
          lines: error.progress.lineCount,
        });
        await deps.payouts.rescheduleWatch(watch.merchantId, now.toISOString());
        break;
      }
      // One merchant's failure (Stripe refusing their account, a bad record) waits its turn; the others go on.
      deps.telemetry.log.warn('payout catch-up failed for a merchant', {
        merchantId: watch.merchantId,
        error: String(error),
      });
    }
  }
  return run;
}
