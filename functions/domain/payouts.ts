/**
 * Stripe payouts recorded for the merchant they pay (docs/decisions.md #56): a payout's lines are read
 * once from its balance transactions and kept with it, so the Payouts screen and the Xero exports never
 * ask Stripe again; a later event or the catch-up schedule only moves its status forward. Recording (a
 * page at a time, resumable) and the catch-up are in payout-recording.ts; this file holds the records,
 * how a balance transaction becomes lines, and the merchant's reads (lines paged: #129).
 */
import {
  payoutStatusSchema,
  type PayoutDetail,
  type PayoutLine,
  type PayoutLineKind,
  type PayoutLinesQuery,
  type PayoutList,
  type PayoutListQuery,
  type PayoutStatus,
  type PayoutSummary,
} from '@shared/contracts/payouts';
import { HttpError } from './http-error';
import type { MerchantRecord } from './merchants';
import type { PaymentRecord } from './payments';
import { shardOf } from './payments';
import type { StripeBalanceTransaction, StripePayout, StripePort } from './stripe-port';
import type { Telemetry } from './telemetry';
import type { PaylinkGst } from './payout-line-gst';

/** A recorded payout's own item; its lines are kept beside it, in chunks, and read a page at a time. */
export interface PayoutRecord extends PayoutSummary {
  merchantId: string;
  stripeAccountId: string;
  updatedAt: string;
  /** The sum of every line; absent on payouts recorded before it was kept (then summed from the lines). */
  linesTotalCents?: number;
}

/**
 * How far the recording of a payout not yet recorded has come (docs/decisions.md #129): the
 * lines of every balance transaction up to `startingAfter` are written, in `chunksWritten` chunks, so a
 * retry or the catch-up continues from there instead of starting again.
 */
export interface PayoutProgress {
  /** Stripe's id of the last balance transaction whose lines are written; null before the first page. */
  startingAfter: string | null;
  chunksWritten: number;
  lineCount: number;
  totalCents: number;
  /** Stripe's list has ended: only the payout's own item is left to write. */
  listed: boolean;
}

/** A place in a payout's lines: a chunk (by its key's suffix; null for the first) and a line within it. */
export interface LinesPosition {
  chunk: string | null;
  offset: number;
}

/** A merchant whose payouts the catch-up schedule asks Stripe about, until `watchUntil`. */
export interface PayoutWatch {
  merchantId: string;
  watchUntil: string;
  nextCheckAt: string;
}

export interface PayoutRepository {
  /** The payout's own item (no lines), if it is this merchant's. */
  get(merchantId: string, payoutId: string): Promise<PayoutRecord | undefined>;
  /** Up to `limit` lines from `from`, oldest first, and where the next page starts (null after the last line). */
  readLines(
    merchantId: string,
    payoutId: string,
    from: LinesPosition,
    limit: number,
  ): Promise<{ lines: PayoutLine[]; next: LinesPosition | null }>;
  /** Just the stored status (null when unknown), to skip what is already recorded without reading lines. */
  statusOf(merchantId: string, payoutId: string): Promise<PayoutStatus | null>;
  /** How far an unfinished recording came; undefined when none was started. */
  progressOf(merchantId: string, payoutId: string): Promise<PayoutProgress | undefined>;
  /**
   * Writes chunks of lines, then the progress they make. `number` is the chunk's place in writing order;
   * a chunk written later reads earlier (Stripe lists newest first, the lines read oldest first).
   */
  saveLines(
    merchantId: string,
    payoutId: string,
    chunks: readonly { number: number; lines: PayoutLine[] }[],
    progress: PayoutProgress,
  ): Promise<void>;
  /**
   * Writes the payout's item, with `adjustment` as its last line if its lines do not add up, unless a
   * status as far or further along is stored; true when written. Its lines are all written before.
   */
  record(payout: PayoutRecord, adjustment: PayoutLine | null): Promise<boolean>;
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
  /** The payments named by ids, in one read per hundred (those that do not exist are left out). */
  payments: { getMany(paymentIds: readonly string[]): Promise<PaymentRecord[]> };
  merchants: {
    findByStripeAccount(accountId: string): Promise<MerchantRecord | undefined>;
    get(merchantId: string): Promise<MerchantRecord | undefined>;
  };
  stripe: StripePort;
  telemetry: Pick<Telemetry, 'log'>;
  now: Date;
  /** Paylink's GST registration (the deployment's PAYLINK_GST_NUMBER): whether its fee lines carry GST. */
  paylinkGst?: PaylinkGst;
  /** Milliseconds the run has left (the Lambda's remaining time): recording stops a page early, to resume. */
  remainingMs(): number;
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
export function paymentIdInSource(transaction: StripeBalanceTransaction): string | null {
  const source = transaction.source;
  if (!source || typeof source === 'string') return null;
  const metadata = (source as { metadata?: Record<string, string> | null }).metadata;
  return metadata?.paymentId ?? null;
}

/** A dispute names its payment intent, whose metadata names the payment. */
export async function paymentIdOfDispute(transaction: StripeBalanceTransaction, account: string, stripe: StripePort) {
  const source = transaction.source;
  if (!source || typeof source === 'string' || source.object !== 'dispute') return null;
  const intent = (source as { payment_intent?: string | { id: string } | null }).payment_intent;
  const intentId = typeof intent === 'string' ? intent : intent?.id;
  if (!intentId) return null;
  const retrieved = await stripe.paymentIntents.retrieve(intentId, {}, { stripeAccount: account });
  return retrieved.metadata?.paymentId ?? null;
}

/** The payment a line names, as the line shows it; only this merchant's payment names a line. */
export function linePaymentOf(paymentId: string, payment: PaymentRecord | undefined, merchantId: string): LinePayment {
  // Another merchant's id in metadata is not trusted.
  if (!payment || payment.merchantId !== merchantId) return { ...NO_PAYMENT };
  return {
    paymentId,
    payerName: payment.payerName ?? null,
    linkTitle: payment.linkTitle,
    receiptNumber: payment.receiptNumber ?? null,
    receiptGstRegistered: payment.receiptTax?.gstRegistered ?? null,
  };
}

/** Whether a balance transaction is the payout's own withdrawal: listed with what it paid out, not a line of it. */
export function isPayoutsOwnWithdrawal(transaction: StripeBalanceTransaction, payoutId: string) {
  return transaction.type === 'payout' && sourceIdOf(transaction) === payoutId;
}

/** The line that makes a payout's lines add up to it, if they do not (never seen with Stripe's own lists). */
export function adjustmentLine(payout: StripePayout, linesTotalCents: number): PayoutLine | null {
  if (linesTotalCents === payout.amount) return null;
  return {
    kind: 'other',
    amountCents: payout.amount - linesTotalCents,
    createdAt: new Date(payout.created * 1000).toISOString(),
    sourceId: payout.id,
    ...NO_PAYMENT,
  };
}

export { mainKind, NO_PAYMENT };

/* ---------------------------------------------------------------- recording */

export function statusOf(payout: StripePayout): PayoutStatus {
  const parsed = payoutStatusSchema.safeParse(payout.status);
  return parsed.success ? parsed.data : 'pending';
}

export const PAYOUT_WATCH_SHARDS = 8;
export const payoutWatchShardOf = (merchantId: string) => shardOf('payouts', merchantId, PAYOUT_WATCH_SHARDS);
export const allPayoutWatchShards = () => Array.from({ length: PAYOUT_WATCH_SHARDS }, (_, index) => `payouts#${index}`);

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
/** A chunk's key suffix (`0000`…, `999999`…, `~` for the adjustment) and a line within it. */
const CURSOR_CHUNK = /^(\d{1,8}|~)$/;

function encodeLinesCursor(position: LinesPosition): string {
  return Buffer.from(JSON.stringify([position.chunk, position.offset])).toString('base64url');
}

/** A cursor this API gave out, or a 400: never a read at a place nobody was given. */
export function decodeLinesCursor(cursor: string): LinesPosition {
  const refused = new HttpError(400, 'invalid_cursor', 'That page of lines is not known. Open the payout again.');
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused;
  }
  if (!Array.isArray(decoded) || decoded.length !== 2) throw refused;
  const [chunk, offset] = decoded as unknown[];
  if (typeof chunk !== 'string' || !CURSOR_CHUNK.test(chunk)) throw refused;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || offset > 100_000) throw refused;
  return { chunk, offset };
}

/** Every line's sum, for a payout recorded before the sum was kept: read through its lines once. */
async function sumOfAllLines(merchantId: string, payoutId: string, payouts: PayoutRepository) {
  let total = 0;
  let position: LinesPosition | null = { chunk: null, offset: 0 };
  while (position) {
    const page = await payouts.readLines(merchantId, payoutId, position, 5000);
    total += page.lines.reduce((sum, line) => sum + line.amountCents, 0);
    position = page.next;
  }
  return total;
}

/**
 * GET /api/me/payouts/{id}: the payout, one page of its lines from the cursor, and the sum of all its
 * lines (the screen's "Lines add up to …"), whichever page is asked. The merchant is the token's.
 */
export async function getMerchantPayout(
  merchantId: string,
  payoutId: string,
  query: PayoutLinesQuery,
  payouts: PayoutRepository,
): Promise<PayoutDetail> {
  const from = query.cursor ? decodeLinesCursor(query.cursor) : { chunk: null, offset: 0 };
  const payout = PAYOUT_ID.test(payoutId) ? await payouts.get(merchantId, payoutId) : undefined;
  if (!payout) throw new HttpError(404, 'payout_not_found', 'No payout with that id. Open it from the Payouts list.');
  const [page, linesTotalCents] = await Promise.all([
    payouts.readLines(merchantId, payoutId, from, query.limit),
    payout.linesTotalCents ?? sumOfAllLines(merchantId, payoutId, payouts),
  ]);
  const {
    merchantId: _merchant,
    stripeAccountId: _account,
    updatedAt: _updated,
    linesTotalCents: _total,
    ...summary
  } = payout;
  return {
    ...summary,
    lines: page.lines,
    nextCursor: page.next ? encodeLinesCursor(page.next) : null,
    linesTotalCents,
  };
}
