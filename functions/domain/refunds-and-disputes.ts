/**
 * The money after the sale: refunds and disputes (docs/decisions.md #18, #19; issue 11).
 *
 * A payment's status stays where settlement put it (`succeeded`); what happens to the money afterwards is
 * a dimension of its own, kept on the payment: each refund (by Stripe id) and its dispute. Every source of
 * news — the merchant's own refund request, Stripe's refund and dispute events delivered any number of
 * times in any order, a re-read from Stripe — goes through one merge, which only moves each refund and the
 * dispute forward (`REFUND_STATUS_RANK`, `DISPUTE_STATUS_RANK`) and is written with an optimistic version,
 * so concurrent news never overwrites newer news.
 *
 * Stats (docs/architecture.md, "Stats and exactly-once counting"): a refund counts once, on the day Paylink
 * first learned of it, in the merchant's time zone; a refund that fails afterwards gives its amount back
 * once, on the day that was learned; a dispute counts once as a loss on the day it was lost. The write that
 * makes a count owed also marks the payment `uncounted` (the same mark settlement uses), and `finishCounts`
 * removes the mark once every owed count has landed — so a crash between is finished by the next delivery
 * or by the schedule, and sealing waits for the merchant meanwhile. Each count carries its own key in the
 * day's `counted` set, so repeating one never counts twice.
 */
import type { StripeDispute, StripeEvent, StripePort, StripeRefund } from './stripe-port';
import { DEFAULT_TIME_ZONE } from '@shared/brand';
import { refundRequestSchema, type Dispute, type MoneyState, type Refund } from '@shared/contracts/payments';
import { formatMoney } from '@shared/money';
import { EmailRefusedError, type Email } from './emails';
import { HttpError } from './http-error';
import type { MerchantRepository } from './merchants';
import type { StoredDispute, StoredRefund } from './money-records';
import { dayInTimeZone, type PaymentRecord, type PaymentRepository } from './payments';
import type { StatsRepository } from './stats';
import { asStripeFailure, isStripeError } from './stripe-errors';
import type { Telemetry } from './telemetry';

/** What a merge writes onto the payment (with `moneyVersion` + 1, only if the version is still the one read). */
export interface MoneyStateWrite {
  refunds: Record<string, StoredRefund>;
  dispute?: StoredDispute;
  refundedCents: number;
  moneyState: MoneyState | null;
  /** Whether the payment's own count has landed (explicit from the first money write on). */
  paymentCounted: boolean;
  /** Set the `uncounted` mark: a count is owed. */
  markUncounted: boolean;
}

/** What `finishCounts` records once the owed counts have landed (and the mark goes). */
export interface CountsDone {
  paymentCounted: boolean;
  refundsCounted: string[];
  refundsReversed: string[];
  disputeLossCounted: boolean;
}

export interface MoneyRepository {
  /** Writes a merge if the payment's `moneyVersion` is still `expectedVersion`; the payment afterwards, or undefined if it moved. */
  saveMoneyState(
    paymentId: string,
    expectedVersion: number | undefined,
    write: MoneyStateWrite,
    now: Date,
  ): Promise<PaymentRecord | undefined>;
  /**
   * Records landed counts and removes the `uncounted` mark, if the payment's version and status are still
   * the ones read (news that arrived meanwhile may owe another count); the payment afterwards, or
   * undefined when it had moved.
   */
  completeCounts(payment: PaymentRecord, done: CountsDone): Promise<PaymentRecord | undefined>;
}

/** Refund statuses only move forward; failed and canceled are final (a succeeded refund can still fail). */
export const REFUND_STATUS_RANK: Record<string, number> = {
  pending: 0,
  requires_action: 1,
  succeeded: 2,
  failed: 3,
  canceled: 3,
};
const rankOfRefund = (status: string) => REFUND_STATUS_RANK[status] ?? -1;
/** A refund in one of these takes money back from the merchant. */
const isRefundActive = (status: string) => ['pending', 'requires_action', 'succeeded'].includes(status);

/** Dispute statuses only move forward: an inquiry or dispute needing a response, under review, closed. */
export const DISPUTE_STATUS_RANK: Record<string, number> = {
  warning_needs_response: 0,
  needs_response: 0,
  warning_under_review: 1,
  under_review: 1,
  warning_closed: 2,
  won: 2,
  lost: 2,
  prevented: 2,
};
const rankOfDispute = (status: string) => DISPUTE_STATUS_RANK[status] ?? -1;
/** An open dispute, or a lost one, keeps the payment 'Disputed'; a won or closed one no longer does. */
const isDisputeStanding = (status: string) => !['won', 'warning_closed', 'prevented'].includes(status);

const isoOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

export function refundFromStripe(refund: StripeRefund): StoredRefund {
  return {
    refundId: refund.id,
    amountCents: refund.amount,
    currency: refund.currency,
    status: refund.status ?? 'pending',
    reason: refund.reason ?? null,
    failureReason: refund.failure_reason ?? null,
    createdAt: isoOf(refund.created),
    ...(refund.metadata?.requestKey && { requestKey: refund.metadata.requestKey }),
  };
}

export function disputeFromStripe(dispute: StripeDispute): StoredDispute {
  const due = dispute.evidence_details?.due_by;
  return {
    disputeId: dispute.id,
    status: dispute.status,
    reason: dispute.reason ?? null,
    amountCents: dispute.amount,
    currency: dispute.currency,
    evidenceDueBy: due ? isoOf(due) : null,
    createdAt: isoOf(dispute.created),
  };
}

/** Refunded so far: every refund that is not failed or canceled. */
export function refundedCentsOf(refunds: Record<string, StoredRefund> | undefined): number {
  return Object.values(refunds ?? {})
    .filter((refund) => isRefundActive(refund.status))
    .reduce((sum, refund) => sum + refund.amountCents, 0);
}

export function moneyStateOf(
  payment: Pick<PaymentRecord, 'totalCents'>,
  refunds: Record<string, StoredRefund> | undefined,
  dispute: StoredDispute | undefined,
): MoneyState | null {
  if (dispute && isDisputeStanding(dispute.status)) return 'disputed';
  const refunded = refundedCentsOf(refunds);
  if (refunded <= 0) return null;
  return refunded >= payment.totalCents ? 'refunded' : 'partially_refunded';
}

/** What may still be refunded: nothing unless the payment succeeded and no dispute stands. */
export function refundableCentsOf(payment: PaymentRecord): number {
  if (payment.status !== 'succeeded') return 0;
  if (payment.dispute && isDisputeStanding(payment.dispute.status)) return 0;
  return Math.max(0, payment.totalCents - refundedCentsOf(payment.refunds));
}

/**
 * Whether the payment's own count has landed. Explicit once a money write has happened; before that,
 * settlement's rule: a succeeded payment without the `uncounted` mark has been counted.
 */
export function isPaymentCounted(payment: PaymentRecord): boolean {
  return payment.paymentCounted ?? (payment.status === 'succeeded' && !payment.uncountedShard);
}

/** News about the money after the sale: refunds as Stripe tells them, and/or the dispute. */
export interface MoneyNews {
  refunds?: readonly StoredRefund[];
  dispute?: StoredDispute;
}

/** The merge's result; `write` is undefined when the news changes nothing. */
export interface MergedMoney {
  write?: MoneyStateWrite;
  /** Refunds that became succeeded with this news: the payer is told. */
  newlySucceeded: StoredRefund[];
}

function mergeRefund(stored: StoredRefund | undefined, incoming: StoredRefund, now: string): StoredRefund {
  if (stored && rankOfRefund(incoming.status) < rankOfRefund(stored.status)) return stored;
  const merged: StoredRefund = {
    ...stored,
    ...incoming,
    requestKey: stored?.requestKey ?? incoming.requestKey,
    failureReason: incoming.failureReason ?? stored?.failureReason ?? null,
  };
  if (!merged.requestKey) delete merged.requestKey;
  if (isRefundActive(merged.status) && !merged.countAt) merged.countAt = now;
  // Only a refund that was counted gives money back; one that failed before Paylink saw it never counted.
  if (!isRefundActive(merged.status) && merged.countAt && !merged.reverseAt) merged.reverseAt = now;
  return merged;
}

function mergeDispute(stored: StoredDispute | undefined, incoming: StoredDispute, now: string): StoredDispute {
  if (
    stored &&
    stored.disputeId === incoming.disputeId &&
    rankOfDispute(incoming.status) < rankOfDispute(stored.status)
  )
    return stored;
  // A charge loses its money to a dispute at most once: a loss already learned (and perhaps counted) stays
  // with the payment even if Stripe names the dispute by another id, so the loss is never counted twice.
  const merged: StoredDispute = { ...stored, ...incoming };
  if (stored?.lostAt) merged.lostAt = stored.lostAt;
  if (stored?.lossCounted) merged.lossCounted = stored.lossCounted;
  if (merged.status === 'lost' && !merged.lostAt) merged.lostAt = now;
  return merged;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Applies news to the payment, forward only; pure. */
export function mergeMoneyNews(payment: PaymentRecord, news: MoneyNews, now: Date): MergedMoney {
  const at = now.toISOString();
  const refunds: Record<string, StoredRefund> = { ...payment.refunds };
  const newlySucceeded: StoredRefund[] = [];
  let nextPosition = Math.max(0, ...Object.values(refunds).map((refund) => refund.position ?? 0)) + 1;
  // Oldest first: Stripe lists refunds newest first, so among equal `created` seconds the later-listed is older.
  const arriving = [...(news.refunds ?? [])]
    .map((refund, index) => ({ refund, index }))
    .sort((a, b) => a.refund.createdAt.localeCompare(b.refund.createdAt) || b.index - a.index)
    .map(({ refund }) => refund);
  for (const incoming of arriving) {
    const before = refunds[incoming.refundId];
    const merged = mergeRefund(before, { ...incoming, position: before?.position ?? nextPosition++ }, at);
    refunds[incoming.refundId] = merged;
    if (merged.status === 'succeeded' && before?.status !== 'succeeded') newlySucceeded.push(merged);
  }
  const dispute = news.dispute ? mergeDispute(payment.dispute, news.dispute, at) : payment.dispute;
  if (sameJson(refunds, payment.refunds ?? {}) && sameJson(dispute, payment.dispute)) {
    return { newlySucceeded: [] };
  }
  const next = { ...payment, refunds, dispute };
  return {
    write: {
      refunds,
      ...(dispute && { dispute }),
      refundedCents: refundedCentsOf(refunds),
      moneyState: moneyStateOf(payment, refunds, dispute),
      paymentCounted: isPaymentCounted(payment),
      markUncounted: hasOwedCounts(next),
    },
    newlySucceeded,
  };
}

/** One count the stats owe a payment. */
type OwedCount =
  | { kind: 'payment' }
  | { kind: 'refund'; refund: StoredRefund }
  | { kind: 'refund-reversal'; refund: StoredRefund }
  | { kind: 'dispute-loss'; dispute: StoredDispute };

export function owedCounts(payment: PaymentRecord): OwedCount[] {
  const owed: OwedCount[] = [];
  if (payment.status === 'succeeded' && !isPaymentCounted(payment)) owed.push({ kind: 'payment' });
  for (const refund of Object.values(payment.refunds ?? {})) {
    if (refund.countAt && !refund.counted) owed.push({ kind: 'refund', refund });
    if (refund.reverseAt && !refund.reversed) owed.push({ kind: 'refund-reversal', refund });
  }
  const dispute = payment.dispute;
  if (dispute?.lostAt && !dispute.lossCounted) owed.push({ kind: 'dispute-loss', dispute });
  return owed;
}

const hasOwedCounts = (payment: PaymentRecord) => owedCounts(payment).length > 0;

/** When each owed count's news was learned: its day, in the merchant's time zone, is where it counts. */
export function owedCountInstants(payment: PaymentRecord): string[] {
  return owedCounts(payment).map((count) => {
    switch (count.kind) {
      case 'payment':
        return payment.settledAt ?? payment.updatedAt;
      case 'refund':
        return count.refund.countAt!;
      case 'refund-reversal':
        return count.refund.reverseAt!;
      case 'dispute-loss':
        return count.dispute.lostAt!;
    }
  });
}

/** A count its day refused because the day was sealed without it: the payment keeps its mark. */
export class CountRefusedError extends Error {
  constructor(paymentId: string, kind: string) {
    super(`a ${kind} count of ${paymentId} is owed to a day that is sealed`);
    this.name = 'CountRefusedError';
  }
}

export interface CountingDeps {
  payments: Pick<PaymentRepository, 'get'>;
  money: MoneyRepository;
  merchants: Pick<MerchantRepository, 'get'>;
  stats: Pick<StatsRepository, 'countSucceededPayment' | 'countMoneyMovement'>;
  telemetry: Telemetry;
}

/**
 * Lands every count the payment owes, each on its own day (fixed when the news was recorded, so a retry
 * after midnight hits the same day and its `counted` set), then records them and removes the mark. Safe
 * to repeat and to run concurrently: a count already landed is refused by its day. Answers the payment as
 * it stands afterwards.
 */
export async function finishCounts(payment: PaymentRecord, deps: CountingDeps): Promise<PaymentRecord> {
  let current = payment;
  for (let attempt = 0; attempt < 5; attempt++) {
    const owed = owedCounts(current);
    if (owed.length === 0 && !current.uncountedShard) return current;
    const merchant = await deps.merchants.get(current.merchantId);
    const dayOf = (instant: string) => dayInTimeZone(instant, merchant?.timeZone ?? DEFAULT_TIME_ZONE);
    const done: CountsDone = {
      paymentCounted: isPaymentCounted(current),
      refundsCounted: [],
      refundsReversed: [],
      disputeLossCounted: false,
    };
    for (const count of owed) {
      const outcome = await landCount(current, count, dayOf, deps);
      if (outcome === 'day-sealed') {
        // Cannot happen while sealing holds back every day a mark owes a count to. If it ever does, it fails
        // loudly: the mark stays, and the schedule's retries count it in the StuckCounts alarm (runbook).
        throw new CountRefusedError(current.paymentId, count.kind);
      }
      // The metric follows the stats: once per refund counted, once more (negative) per refund given back.
      if (outcome === 'counted' && count.kind === 'refund') {
        deps.telemetry.countRefund(count.refund.amountCents, current);
      }
      if (outcome === 'counted' && count.kind === 'refund-reversal') {
        deps.telemetry.countRefund(-count.refund.amountCents, current);
      }
      if (count.kind === 'payment') done.paymentCounted = true;
      if (count.kind === 'refund') done.refundsCounted.push(count.refund.refundId);
      if (count.kind === 'refund-reversal') done.refundsReversed.push(count.refund.refundId);
      if (count.kind === 'dispute-loss') done.disputeLossCounted = true;
    }
    const completed = await deps.money.completeCounts(current, done);
    if (completed) return completed;
    // News landed meanwhile: read again; what was counted is refused by its day next time round.
    const reread = await deps.payments.get(current.paymentId);
    if (!reread) return current;
    current = reread;
  }
  return current;
}

function landCount(payment: PaymentRecord, count: OwedCount, dayOf: (instant: string) => string, deps: CountingDeps) {
  switch (count.kind) {
    case 'payment':
      return deps.stats.countSucceededPayment(payment, dayOf(payment.settledAt ?? payment.updatedAt));
    case 'refund':
      return deps.stats.countMoneyMovement(payment, dayOf(count.refund.countAt!), count.refund.refundId, {
        refundCents: count.refund.amountCents,
        refundCount: 1,
      });
    case 'refund-reversal':
      return deps.stats.countMoneyMovement(
        payment,
        dayOf(count.refund.reverseAt!),
        `${count.refund.refundId}#reversed`,
        {
          refundCents: -count.refund.amountCents,
          refundCount: -1,
        },
      );
    case 'dispute-loss':
      // Keyed by the payment, not the dispute: one loss per charge whatever id the dispute has.
      return deps.stats.countMoneyMovement(payment, dayOf(count.dispute.lostAt!), `${payment.paymentId}#dispute-lost`, {
        disputeLossCents: count.dispute.amountCents,
      });
  }
}

export interface MoneyDeps extends CountingDeps {
  payments: Pick<PaymentRepository, 'get' | 'recordEmailRefusal'>;
  stripe: StripePort;
  /** Tells the merchant's open dashboards (PAYMENT_UPDATED on the bus) what moved. */
  announce(payment: PaymentRecord, change?: 'status' | 'money'): Promise<void>;
  /** Emails the payer; failures are logged, never retried (a notice is not money). */
  sendEmail(to: string, email: Email): Promise<void>;
  refundNotice(payment: PaymentRecord, refund: StoredRefund, businessName: string | null): Email;
  now: Date;
}

/**
 * Merges news into the payment (retrying on a concurrent write), lands the counts it owes, tells the
 * merchant's dashboards, and emails the payer for each refund that newly succeeded. The single path for
 * every source of news.
 */
export async function recordMoneyNews(
  payment: PaymentRecord,
  news: MoneyNews,
  deps: MoneyDeps,
): Promise<PaymentRecord> {
  let current = payment;
  let changed = false;
  let newlySucceeded: StoredRefund[] = [];
  for (let attempt = 0; ; attempt++) {
    const merged = mergeMoneyNews(current, news, deps.now);
    if (!merged.write) break;
    const saved = await deps.money.saveMoneyState(current.paymentId, current.moneyVersion, merged.write, deps.now);
    if (saved) {
      current = saved;
      changed = true;
      newlySucceeded = merged.newlySucceeded;
      break;
    }
    // Never given up in silence: past its retries the news fails, so its event is retried (and, at last,
    // kept as a dead letter) or the merchant's request answers an error — never "done" unwritten.
    if (attempt + 1 >= MERGE_RETRIES.attempts) throw new MoneyNewsConflictError(current.paymentId, attempt + 1);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * MERGE_RETRIES.baseMs * 2 ** attempt));
    const reread = await deps.payments.get(current.paymentId);
    if (!reread) return current;
    current = reread;
  }
  current = await finishCountsOrLeaveThem(current, deps);
  if (changed) {
    await deps.announce(current, 'money');
    await noticePayer(current, newlySucceeded, deps);
  }
  return current;
}

/** Writes of the same payment's money racing this one: retried after a jittered wait, then failed. */
export const MERGE_RETRIES = { attempts: 8, baseMs: 10 } as const;

export class MoneyNewsConflictError extends Error {
  constructor(paymentId: string, attempts: number) {
    super(`news about ${paymentId} could not be written: the payment changed under it ${attempts} times`);
    this.name = 'MoneyNewsConflictError';
  }
}

/**
 * Lands the counts the news made owed. The news itself is stored by now, with the `uncounted` mark, so a
 * count that fails does not fail the request or the event: it is logged and counted, and the schedule
 * retries it (count-repair.ts) — a refund Stripe made answers 201, not 500.
 */
export async function finishCountsOrLeaveThem(payment: PaymentRecord, deps: CountingDeps): Promise<PaymentRecord> {
  try {
    return await finishCounts(payment, deps);
  } catch (error) {
    deps.telemetry.countCountRetry('count', { merchantId: payment.merchantId, paymentId: payment.paymentId });
    deps.telemetry.log.error('Counting failed; the schedule retries it', {
      paymentId: payment.paymentId,
      error: String(error),
    });
    return payment;
  }
}

async function noticePayer(payment: PaymentRecord, refunds: readonly StoredRefund[], deps: MoneyDeps) {
  if (!payment.payerEmail || refunds.length === 0) return;
  const merchant = await deps.merchants.get(payment.merchantId);
  for (const refund of refunds) {
    try {
      await deps.sendEmail(payment.payerEmail, deps.refundNotice(payment, refund, merchant?.companyName ?? null));
    } catch (error) {
      // Never rethrown: the refund is recorded and counted; a retry would only repeat it and end in dead letters.
      const refused = error instanceof EmailRefusedError;
      deps.telemetry.log.error(
        refused ? 'Refund notice refused by the mail service' : 'Refund notice could not be sent',
        {
          paymentId: payment.paymentId,
          refundId: refund.refundId,
          error: String(error),
        },
      );
      if (refused) await noteRefusal(payment.paymentId, error, deps);
    }
  }
}

/** Shows the merchant, on the payment, that its refund notice was refused; a failure here is only logged. */
async function noteRefusal(paymentId: string, error: EmailRefusedError, deps: MoneyDeps) {
  try {
    await deps.payments.recordEmailRefusal(paymentId, {
      kind: 'refund_notice',
      reason: error.reason,
      at: deps.now.toISOString(),
    });
  } catch (noteError) {
    deps.telemetry.log.error('Could not note the refused refund notice on the payment', {
      paymentId,
      error: String(noteError),
    });
  }
}

/* ---------------------------------------------------------------- Stripe's events */

/**
 * The payment a payment intent belongs to, if it is ours and on the account the event came from: the
 * intent is re-read from Stripe on that account (its metadata names the payment), and the payment must
 * have been made on that account — so a merchant's own events can never touch another's payment.
 */
async function paymentOfIntent(
  paymentIntentId: string,
  account: string,
  deps: MoneyDeps,
): Promise<PaymentRecord | undefined> {
  const intent = await deps.stripe.paymentIntents.retrieve(paymentIntentId, {}, { stripeAccount: account });
  const paymentId = intent.metadata?.paymentId;
  const payment = paymentId ? await deps.payments.get(paymentId) : undefined;
  if (!payment || payment.stripeAccountId !== account) return undefined;
  if (payment.paymentIntentId && payment.paymentIntentId !== paymentIntentId) return undefined;
  return payment;
}

/** Every refund of a payment intent as Stripe has them now (the newest word, whatever order events came in). */
async function refundsOfIntent(paymentIntentId: string, account: string, stripe: StripePort): Promise<StoredRefund[]> {
  const refunds: StoredRefund[] = [];
  for await (const refund of stripe.refunds.list(
    { payment_intent: paymentIntentId, limit: 100 },
    { stripeAccount: account },
  )) {
    refunds.push(refundFromStripe(refund));
  }
  return refunds;
}

/** The Connect webhook's refund and dispute events (catalogue: apply-stripe-money-event); events not about a Paylink payment are ignored. */
export async function applyMoneyEvent(event: StripeEvent, account: string, deps: MoneyDeps): Promise<void> {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: unknown };
  const paymentIntentId = idOf(object.payment_intent as string | { id: string } | null | undefined);
  if (!paymentIntentId) return;
  if (object.object === 'dispute' && object.id) {
    const payment = await paymentOfIntent(paymentIntentId, account, deps);
    if (!payment) return;
    const dispute = await deps.stripe.disputes.retrieve(object.id, {}, { stripeAccount: account });
    await recordMoneyNews(payment, { dispute: disputeFromStripe(dispute) }, deps);
    return;
  }
  if (object.object === 'charge' || object.object === 'refund') {
    const payment = await paymentOfIntent(paymentIntentId, account, deps);
    if (!payment) return;
    await recordMoneyNews(payment, { refunds: await refundsOfIntent(paymentIntentId, account, deps.stripe) }, deps);
  }
}

/* ---------------------------------------------------------------- the merchant's refund */

const notFound = () => new HttpError(404, 'payment_not_found', 'Payment not found');
const DISPUTED_MESSAGE = 'This payment is disputed, so it cannot be refunded. Respond to the dispute in Stripe.';
const FULLY_REFUNDED_MESSAGE = 'This payment has already been refunded in full.';
const tooLarge = (remainingCents: number, currency: string) =>
  new HttpError(400, 'refund_too_large', `You can refund at most ${formatMoney(remainingCents, currency)}.`, {
    amountCents: `At most ${formatMoney(remainingCents, currency)}.`,
  });

/** Stripe's refusals, in words a merchant can act on; anything else stays a 502 (stripe-errors.ts). */
function refundRefusal(error: unknown, payment: PaymentRecord, telemetry: Telemetry): unknown {
  if (!isStripeError(error)) return error;
  switch (error.code) {
    case 'charge_already_refunded':
      return new HttpError(400, 'already_refunded', FULLY_REFUNDED_MESSAGE);
    case 'charge_disputed':
      return new HttpError(400, 'payment_disputed', DISPUTED_MESSAGE);
    case 'amount_too_large':
      return tooLarge(refundableCentsOf(payment), payment.currency);
    case 'balance_insufficient':
    case 'insufficient_funds':
      return new HttpError(
        400,
        'balance_insufficient',
        'Your Stripe balance is too low to make this refund. Add funds in your Stripe dashboard, then try again.',
      );
  }
  if (error.type === 'StripeIdempotencyError') {
    return new HttpError(409, 'refund_in_progress', 'This refund was already requested. Reload the payment to see it.');
  }
  return asStripeFailure(error, (message) => `Stripe could not make the refund: ${message}`, telemetry);
}

/**
 * POST /api/me/payments/{id}/refunds. Never gated by the subscription: a merchant may always give money back.
 * `requestKey` makes a double click or a retry refund once: Stripe gets it as the idempotency key, and a
 * refund already recorded under it is answered again as it stands.
 */
export async function refundPayment(
  merchantId: string,
  paymentId: string,
  body: unknown,
  requestKey: string | undefined,
  deps: MoneyDeps,
): Promise<PaymentRecord> {
  const payment = await deps.payments.get(paymentId);
  if (!payment || payment.merchantId !== merchantId) throw notFound();
  // Parsed only once the payment is known to be the caller's: another merchant's payment answers 404
  // whatever the body, exactly as a missing one.
  const request = refundRequestSchema.parse(body);
  // Without the browser's key, the natural one: the same amount asked while the payment's refunds stand as
  // they did is a repeat. Their number is part of it, so a refund that failed since (which gives its amount
  // back, so the refunded total is as it was) never makes a new request look like that failed one.
  const key =
    requestKey ??
    `auto-${request.amountCents}-${refundedCentsOf(payment.refunds)}-${Object.keys(payment.refunds ?? {}).length}`;
  if (Object.values(payment.refunds ?? {}).some((refund) => refund.requestKey === key)) return payment;

  if (payment.status !== 'succeeded' || !payment.paymentIntentId) {
    throw new HttpError(400, 'not_refundable', 'Only approved payments can be refunded.');
  }
  if (payment.dispute && isDisputeStanding(payment.dispute.status)) {
    throw new HttpError(400, 'payment_disputed', DISPUTED_MESSAGE);
  }
  const remaining = refundableCentsOf(payment);
  if (remaining <= 0) throw new HttpError(400, 'already_refunded', FULLY_REFUNDED_MESSAGE);
  if (request.amountCents > remaining) throw tooLarge(remaining, payment.currency);

  let refund: StripeRefund;
  try {
    refund = await deps.stripe.refunds.create(
      {
        payment_intent: payment.paymentIntentId,
        amount: request.amountCents,
        reason: request.reason,
        // Paylink's fee comes back in proportion, as the merchant's money does.
        refund_application_fee: true,
        metadata: { paymentId, merchantId, requestKey: key },
      },
      { stripeAccount: payment.stripeAccountId, idempotencyKey: `refund-${paymentId}-${key}` },
    );
  } catch (error) {
    throw refundRefusal(error, payment, deps.telemetry);
  }
  return recordMoneyNews(payment, { refunds: [refundFromStripe(refund)] }, deps);
}

/* ---------------------------------------------------------------- what screens see */

export function refundsForDisplay(payment: PaymentRecord): Refund[] {
  return Object.values(payment.refunds ?? {})
    .sort(
      (a, b) =>
        (a.position ?? 0) - (b.position ?? 0) ||
        a.createdAt.localeCompare(b.createdAt) ||
        a.refundId.localeCompare(b.refundId),
    )
    .map((refund) => ({
      refundId: refund.refundId,
      amountCents: refund.amountCents,
      status: refund.status,
      reason: refund.reason,
      failureReason: refund.failureReason,
      createdAt: refund.createdAt,
    }));
}

export function disputeForDisplay(payment: PaymentRecord, respondUrl: string | null): Dispute | null {
  const dispute = payment.dispute;
  if (!dispute) return null;
  return {
    disputeId: dispute.disputeId,
    status: dispute.status,
    reason: dispute.reason,
    amountCents: dispute.amountCents,
    evidenceDueBy: dispute.evidenceDueBy,
    createdAt: dispute.createdAt,
    respondUrl,
  };
}
