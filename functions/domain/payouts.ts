/**
 * Stripe payouts recorded for the merchant they pay (docs/decisions.md #56): a payout's lines are read
 * once from its balance transactions and kept with it, so the Payouts screen and the Xero exports never
 * ask Stripe again; a later event or the catch-up schedule only moves its status forward.
 */
import {
  PAYOUT_STATUS_RANK,
  payoutStatusSchema,
  type PayoutDetail,
  type PayoutLine,
  type PayoutLineKind,
  type PayoutList,
  type PayoutListQuery,
  type PayoutStatus,
} from '@shared/contracts/payouts';
import { HttpError } from './http-error';
import type { MerchantRecord } from './merchants';
import type { PaymentRecord } from './payments';
import { shardOf } from './payments';
import type { StripeBalanceTransaction, StripePayout, StripePort } from './stripe-port';
import type { Telemetry } from './telemetry';
import { withTaxableCents, type PaylinkGst } from './payout-line-gst';

export interface PayoutRecord extends PayoutDetail {
  merchantId: string;
  stripeAccountId: string;
  updatedAt: string;
}

/** A merchant whose payouts the catch-up schedule asks Stripe about, until `watchUntil`. */
export interface PayoutWatch {
  merchantId: string;
  watchUntil: string;
  nextCheckAt: string;
}

export interface PayoutRepository {
  /** The payout with its lines, if it is this merchant's. */
  get(merchantId: string, payoutId: string): Promise<PayoutRecord | undefined>;
  /** Just the stored status (null when unknown), to skip what is already recorded without reading lines. */
  statusOf(merchantId: string, payoutId: string): Promise<PayoutStatus | null>;
  /** Writes the lines, then the payout itself unless a status as far or further along is stored. */
  record(payout: PayoutRecord): Promise<boolean>;
  /** Moves a recorded payout's status forward only; false when it was not behind. */
  advance(
    merchantId: string,
    payoutId: string,
    status: PayoutStatus,
    failureMessage: string | null,
    now: string,
  ): Promise<boolean>;
  list(merchantId: string, query: PayoutListQuery): Promise<Omit<PayoutList, 'gstRegistered'>>;
  /** Keeps the merchant on the catch-up list until `watchUntil` (a later date only ever extends it). */
  watch(merchantId: string, watchUntil: string, shard: string): Promise<void>;
  listDueWatches(shard: string, now: string, limit: number): Promise<PayoutWatch[]>;
  rescheduleWatch(merchantId: string, nextCheckAt: string): Promise<void>;
  unwatch(merchantId: string, ifUntil: string): Promise<void>;
}

export interface PayoutDeps {
  payouts: PayoutRepository;
  payments: { get(paymentId: string): Promise<PaymentRecord | undefined> };
  merchants: {
    findByStripeAccount(accountId: string): Promise<MerchantRecord | undefined>;
    get(merchantId: string): Promise<MerchantRecord | undefined>;
  };
  stripe: StripePort;
  telemetry: Pick<Telemetry, 'log'>;
  now: Date;
  /** Paylink's GST registration (the deployment's PAYLINK_GST_NUMBER): whether its fee lines carry GST. */
  paylinkGst?: PaylinkGst;
}

/* ---------------------------------------------------------------- lines from balance transactions */

/** What Paylink knows of the payment behind a balance transaction. */
export interface LinePayment {
  paymentId: string | null;
  payerName: string | null;
  linkTitle: string | null;
  /** The payment's receipt number: the Xero exports' Reference (docs/decisions.md #86). */
  receiptNumber: number | null;
  /** Whether its receipt was issued with GST, as kept with the number (#97): the Tax Rate follows it (#98). */
  receiptGstRegistered: boolean | null;
}

const NO_PAYMENT: LinePayment = {
  paymentId: null,
  payerName: null,
  linkTitle: null,
  receiptNumber: null,
  receiptGstRegistered: null,
};

function mainKind(transaction: StripeBalanceTransaction): PayoutLineKind {
  switch (transaction.type) {
    case 'charge':
    case 'payment':
      return 'payment';
    case 'refund':
    case 'payment_refund':
    case 'refund_failure':
    case 'payment_failure_refund':
      return 'refund';
    case 'adjustment':
      return sourceIdOf(transaction)?.startsWith('dp_') ? 'dispute' : 'other';
    case 'application_fee_refund':
      return 'fee_refund';
    // An earlier payout's money back in the balance: the bank refused it, or it was cancelled. Neither a sale
    // nor a fee (docs/decisions.md #121).
    case 'payout_failure':
    case 'payout_cancel':
      return 'payout_failure';
    default:
      return 'other';
  }
}

function sourceIdOf(transaction: StripeBalanceTransaction): string | null {
  const source = transaction.source;
  return typeof source === 'string' ? source : (source?.id ?? null);
}

/**
 * A balance transaction as payout lines: its gross amount, then one line per fee (Paylink's application
 * fee, Stripe's fees; anything in `fee` the details do not explain as a Stripe fee). The lines add up to
 * the transaction's `net`, so a payout's lines add up to the payout.
 */
export function linesOfTransaction(transaction: StripeBalanceTransaction, payment: LinePayment): PayoutLine[] {
  const createdAt = new Date(transaction.created * 1000).toISOString();
  const base = { createdAt, sourceId: sourceIdOf(transaction), ...payment };
  const lines: PayoutLine[] = [{ ...base, kind: mainKind(transaction), amountCents: transaction.amount }];
  let explained = 0;
  for (const detail of transaction.fee_details) {
    if (detail.amount === 0) continue;
    explained += detail.amount;
    lines.push({
      ...base,
      kind: detail.type === 'application_fee' ? 'paylink_fee' : 'stripe_fee',
      amountCents: -detail.amount,
    });
  }
  if (transaction.fee !== explained)
    lines.push({ ...base, kind: 'stripe_fee', amountCents: -(transaction.fee - explained) });
  return lines;
}

/** The Paylink payment id Stripe's expanded source names (charges and refunds carry it in metadata). */
function paymentIdInSource(transaction: StripeBalanceTransaction): string | null {
  const source = transaction.source;
  if (!source || typeof source === 'string') return null;
  const metadata = (source as { metadata?: Record<string, string> | null }).metadata;
  return metadata?.paymentId ?? null;
}

/** A dispute names its payment intent, whose metadata names the payment. */
async function paymentIdOfDispute(transaction: StripeBalanceTransaction, account: string, stripe: StripePort) {
  const source = transaction.source;
  if (!source || typeof source === 'string' || source.object !== 'dispute') return null;
  const intent = (source as { payment_intent?: string | { id: string } | null }).payment_intent;
  const intentId = typeof intent === 'string' ? intent : intent?.id;
  if (!intentId) return null;
  const retrieved = await stripe.paymentIntents.retrieve(intentId, {}, { stripeAccount: account });
  return retrieved.metadata?.paymentId ?? null;
}

/** The payout's lines, read from Stripe: every balance transaction it paid out, with the payment behind each. */
export async function readPayoutLines(
  payout: StripePayout,
  merchant: MerchantRecord,
  account: string,
  deps: Pick<PayoutDeps, 'stripe' | 'payments' | 'telemetry' | 'paylinkGst'>,
): Promise<PayoutLine[]> {
  const payments = new Map<string, LinePayment>();
  // The merchant's own payments, as read, for the GST-bearing part of each line (payout-line-gst.ts).
  const records = new Map<string, PaymentRecord>();
  const lookUp = async (paymentId: string | null): Promise<LinePayment> => {
    if (!paymentId) return NO_PAYMENT;
    const known = payments.get(paymentId);
    if (known) return known;
    const payment = await deps.payments.get(paymentId);
    // Only this merchant's payment names the line; another's id in metadata is not trusted.
    if (payment && payment.merchantId === merchant.merchantId) records.set(paymentId, payment);
    const found =
      payment && payment.merchantId === merchant.merchantId
        ? {
            paymentId,
            payerName: payment.payerName ?? null,
            linkTitle: payment.linkTitle,
            receiptNumber: payment.receiptNumber ?? null,
            receiptGstRegistered: payment.receiptTax?.gstRegistered ?? null,
          }
        : { ...NO_PAYMENT };
    payments.set(paymentId, found);
    return found;
  };
  const lines: PayoutLine[] = [];
  for await (const transaction of deps.stripe.balanceTransactions.list(
    { payout: payout.id, limit: 100, expand: ['data.source'] },
    { stripeAccount: account },
  )) {
    // The payout's own withdrawal is listed with what it paid out; it is the payout, not a line of it.
    if (transaction.type === 'payout' && sourceIdOf(transaction) === payout.id) continue;
    const paymentId =
      paymentIdInSource(transaction) ??
      (mainKind(transaction) === 'dispute' ? await paymentIdOfDispute(transaction, account, deps.stripe) : null);
    const linePayment = await lookUp(paymentId);
    const record = linePayment.paymentId ? records.get(linePayment.paymentId) : undefined;
    lines.push(
      ...withTaxableCents(linesOfTransaction(transaction, linePayment), record, merchant, {
        gstNumber: deps.paylinkGst?.gstNumber ?? null,
      }),
    );
  }
  lines.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (total !== payout.amount) {
    // Never seen with Stripe's own lists; kept as a labelled line so the books still match the bank.
    deps.telemetry.log.warn('payout lines do not add up', { payoutId: payout.id, total, amount: payout.amount });
    lines.push({
      kind: 'other',
      amountCents: payout.amount - total,
      createdAt: new Date(payout.created * 1000).toISOString(),
      sourceId: payout.id,
      ...NO_PAYMENT,
    });
  }
  return lines;
}

/* ---------------------------------------------------------------- recording */

function statusOf(payout: StripePayout): PayoutStatus {
  const parsed = payoutStatusSchema.safeParse(payout.status);
  return parsed.success ? parsed.data : 'pending';
}

/**
 * Records a payout of the merchant's connected account (from its event or the catch-up): a new one with
 * its lines, a known one only if its status moved forward. Safe to repeat.
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
  const lines = await readPayoutLines(payout, merchant, account, deps);
  const recorded = await deps.payouts.record({
    payoutId: payout.id,
    merchantId: merchant.merchantId,
    stripeAccountId: account,
    status,
    amountCents: payout.amount,
    currency: payout.currency,
    createdAt: new Date(payout.created * 1000).toISOString(),
    arrivalDate: new Date(payout.arrival_date * 1000).toISOString(),
    failureMessage,
    lineCount: lines.length,
    lines,
    updatedAt: now,
  });
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

export const PAYOUT_WATCH_SHARDS = 8;
/** How long after its last payment a merchant's payouts are still asked about: Stripe pays out within days. */
export const PAYOUT_WATCH_DAYS = 14;
/** How often one watched merchant is asked about (Stripe pays out at most daily). */
export const PAYOUT_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** Stripe calls one scheduled run may make at most: the rest are due next run, most overdue first. */
export const PAYOUT_CHECKS_PER_RUN = 500;
/** How far back a check lists payouts: a lost event of the last few days is found, older ones were checked before. */
const LOOKBACK_SECONDS = 4 * 86_400;

export const payoutWatchShardOf = (merchantId: string) => shardOf('payouts', merchantId, PAYOUT_WATCH_SHARDS);
export const allPayoutWatchShards = () => Array.from({ length: PAYOUT_WATCH_SHARDS }, (_, index) => `payouts#${index}`);

/**
 * One run of the catch-up: merchants with payments in the last few days (their unsealed stats days) are
 * put on the watch list for PAYOUT_WATCH_DAYS; then each watched merchant that is due has its recent payouts
 * listed on its account and recorded. A merchant with no recent payments costs nothing: never one Stripe
 * call per merchant per run, only per recently active merchant every PAYOUT_CHECK_INTERVAL_MS.
 */
export async function catchUpPayouts(
  recentlyActive: readonly string[],
  deps: PayoutDeps,
): Promise<{ watched: number; checked: number; recorded: number }> {
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
  let checked = 0;
  let recorded = 0;
  for (const watch of due.slice(0, PAYOUT_CHECKS_PER_RUN)) {
    if (watch.watchUntil <= now.toISOString()) {
      await deps.payouts.unwatch(watch.merchantId, watch.watchUntil);
      continue;
    }
    const nextCheckAt = new Date(now.getTime() + PAYOUT_CHECK_INTERVAL_MS).toISOString();
    try {
      const merchant = await deps.merchants.get(watch.merchantId);
      const account = merchant?.stripeAccountId;
      if (merchant && account) {
        checked++;
        for await (const payout of deps.stripe.payouts.list(
          { created: { gte: Math.floor(now.getTime() / 1000) - LOOKBACK_SECONDS }, limit: 100 },
          { stripeAccount: account },
        )) {
          if ((await recordPayout(payout, merchant, account, deps)) !== 'unchanged') recorded++;
        }
      }
    } catch (error) {
      // One merchant's failure (Stripe refusing their account, a bad record) waits its turn; the others go on.
      deps.telemetry.log.warn('payout catch-up failed for a merchant', {
        merchantId: watch.merchantId,
        error: String(error),
      });
    }
    await deps.payouts.rescheduleWatch(watch.merchantId, nextCheckAt);
  }
  return { watched: new Set(recentlyActive).size, checked, recorded };
}

/* ---------------------------------------------------------------- the merchant's routes */

/** What the payout list reads. */
export interface PayoutListDeps {
  payouts: PayoutRepository;
  merchants: Pick<PayoutDeps['merchants'], 'get'>;
}

export async function listMerchantPayouts(
  merchantId: string,
  query: PayoutListQuery,
  deps: PayoutListDeps,
): Promise<PayoutList> {
  const [page, merchant] = await Promise.all([deps.payouts.list(merchantId, query), deps.merchants.get(merchantId)]);
  return { ...page, gstRegistered: merchant?.tax?.gstRegistered === true };
}

const PAYOUT_ID = /^po_[A-Za-z0-9]{1,64}$/;

export async function getMerchantPayout(
  merchantId: string,
  payoutId: string,
  payouts: PayoutRepository,
): Promise<PayoutDetail> {
  const payout = PAYOUT_ID.test(payoutId) ? await payouts.get(merchantId, payoutId) : undefined;
  if (!payout) throw new HttpError(404, 'payout_not_found', 'No payout with that id. Open it from the Payouts list.');
  const { merchantId: _merchant, stripeAccountId: _account, updatedAt: _updated, ...detail } = payout;
  return detail;
}
