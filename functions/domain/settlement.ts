/**
 * Settling payments from what Stripe says — the webhook's events and the success page's own check go
 * through the same function, so a lost webhook still settles and a duplicate never double-counts:
 * the status only moves forward (payment-status.ts), and the day's stats count a payment id once.
 */
import { statusOfDelayedIntent } from './delayed-payments';
import { isUnsettled } from './payment-status';
import {
  objectOf,
  type StripeCheckoutSession,
  type StripeEvent,
  type StripePaymentIntent,
  type StripePort,
} from './stripe-port';
import type { PaymentResult } from '@shared/contracts/checkout';
import type { PaymentStatus } from '@shared/contracts/payment-id-and-status';
import type { MerchantRepository } from './merchants';
import type { LinkPlaces } from './payment-links';
import type { PaymentRecord, PaymentRepository, PlaceMove, SettlementDetails } from './payments';
import { maskedEmail, shortName } from './payer-privacy';
import type { MoneyRepository } from './money-after-sale';
import { finishCounts, finishCountsOrLeaveThem } from './money-counts';
import { isForwardMove } from './payment-status';
import type { StatsRepository } from './stats';
import { assignReceiptNumber, receiptPath } from './receipts';
import { duringStripeCall } from './stripe-errors';
import type { Telemetry } from './telemetry';
import { markRequestPaid, type PaymentRequestRepository } from './payment-requests';
import { detailsOf, detailsOfIntent, payerDetailsOf, retrieveIntent } from './settlement-details';

export interface SettlementDeps {
  payments: PaymentRepository;
  /** The link's places ledger (docs/decisions.md #58). */
  places: LinkPlaces;
  /** Writes of the money after the sale, and of the counts that land (money-after-sale.ts, money-counts.ts). */
  money: MoneyRepository;
  merchants: MerchantRepository;
  stats: StatsRepository;
  stripe: StripePort;
  /** Tells the merchant's open dashboards (PAYMENT_UPDATED on the bus) what moved: the status, or the money after the sale. */
  announce(payment: PaymentRecord, change?: 'status' | 'money'): Promise<void>;
  /** The payment requests a payment from a request's Pay button marks Paid (docs/decisions.md #80). */
  requests: Pick<PaymentRequestRepository, 'get' | 'markPaid'>;
  telemetry: Telemetry;
  now: Date;
}

/** What a Checkout session's state means for its payment; undefined = still open. */
export function statusOfSession(
  session: Pick<StripeCheckoutSession, 'status' | 'payment_status'>,
): PaymentStatus | undefined {
  if (session.status === 'complete' && session.payment_status === 'paid') return 'succeeded';
  if (session.status === 'expired') return 'expired';
  // complete + unpaid: an asynchronous method still working — money on its way, so pending (no longer
  // open); the async_payment_* events will say how it ends.
  if (session.status === 'complete') return 'pending';
  return undefined;
}

/**
 * Metadata is written by whoever creates a session or payment intent: a payment named in it is only
 * trusted when the event comes from the account the payment was made on. An event naming no account is
 * not about a direct charge at all, so it never qualifies.
 */
function isOnAccount(payment: PaymentRecord, account: string | null | undefined): boolean {
  return Boolean(account) && payment.stripeAccountId === account;
}

/** Logged, never applied: a session that names our payment but not what the payer was asked to pay. */
function isAsPriced(payment: PaymentRecord, session: StripeCheckoutSession, telemetry: Telemetry): boolean {
  if (session.amount_total === payment.totalCents && session.currency === payment.currency) return true;
  telemetry.countAnomaly('amount_mismatch');
  telemetry.log.warn('Payment anomaly: session amount differs from the payment', {
    paymentId: payment.paymentId,
    checkoutSessionId: session.id,
    expected: { amount: payment.totalCents, currency: payment.currency },
    received: { amount: session.amount_total, currency: session.currency },
  });
  return false;
}

/** The payment a session belongs to, if it is ours and on the account the payment was made on. */
async function paymentOfSession(
  session: StripeCheckoutSession,
  account: string | null | undefined,
  deps: SettlementDeps,
) {
  const paymentId = session.metadata?.paymentId;
  const payment = paymentId
    ? await deps.payments.get(paymentId)
    : await deps.payments.findByCheckoutSession(session.id);
  if (!payment || !isOnAccount(payment, account)) return undefined;
  if (payment.checkoutSessionId && payment.checkoutSessionId !== session.id) return undefined;
  return payment;
}

/**
 * Moves the payment to `status` (if forward), then counts it in the day it settled if it succeeded.
 *
 * The write that makes a payment succeeded also marks it `uncounted`; the count removes the mark once it
 * has landed. So a redelivery (or the schedule) finishes a count that a crash between the two writes left
 * undone, and a payment without the mark is never counted again — not even after its day was sealed and
 * lost the `counted` set that would otherwise refuse it.
 */
export async function settle(
  payment: PaymentRecord,
  status: PaymentStatus,
  details: SettlementDetails,
  deps: SettlementDeps,
) {
  // `payment` is a stored record: read at `status` or past it, it cannot move (a status only goes forward,
  // so the write's condition would refuse it), and the refused write and the read after it are skipped —
  // on the success page that the webhook beat, 1 WRU and 1 RRU per payment (docs/decisions.md #71).
  const { moved, payment: standing } = isForwardMove(payment.status, status)
    ? await deps.payments.advance(payment, status, details, deps.now)
    : { moved: false, payment };
  const current = standing ?? payment;
  deps.telemetry.appendPaymentKeys(current);
  await settlePlace(current, deps);
  // Counted by the one write that moved the status, so a redelivery or a re-check never counts twice.
  if (moved) {
    deps.telemetry.countSettlement(current, current.status, deps.now);
    deps.telemetry.log.info('Payment settled', { status: current.status, totalCents: current.totalCents });
  }
  // A count that fails leaves the mark, and the schedule retries it: the payer's page and the event are
  // answered for a payment that did go through.
  const counted =
    current.status === 'succeeded' && current.uncountedShard ? await finishCountsOrLeaveThem(current, deps) : current;
  // Its receipt number, once (receipts.ts): a redelivery finds it given and moves nothing.
  const numbered = counted.status === 'succeeded' ? await assignReceiptNumber(counted, deps) : counted;
  if (moved || numbered.announceOwed) await announceOnce(numbered, deps);
  return numbered;
}

/** The place move a payment's status calls for: none while Stripe has not said how it ends. */
function placeMoveOf(status: PaymentStatus): PlaceMove | undefined {
  if (status === 'succeeded') return 'sold';
  return isUnsettled(status) ? undefined : 'released';
}

/**
 * The payment's place on its link: sold once it succeeded, free again once its Checkout ended without
 * money. Asked on every settle until the payment records the move (`placeSettled`, written with the
 * announcement's clearing, after the move), so a crash between the status write and the move is finished
 * by the next delivery or check, while the success page's verify after the webhook skips the move the
 * link's set would refuse (1 WRU per payment; docs/decisions.md #58, #91).
 */
async function settlePlace(payment: PaymentRecord, deps: Pick<SettlementDeps, 'places'>) {
  const move = placeMoveOf(payment.status);
  if (!move || payment.placeSettled === move) return;
  // The sell also adds the payment to the link's results, exactly once by the same hold (#82).
  if (move === 'sold') await deps.places.sell(payment.linkId, payment.paymentId, payment.totalCents);
  else await deps.places.release(payment.linkId, payment.paymentId);
}

/**
 * Lands every count the payment owes — its own once succeeded (on the day it settled), and its refunds'
 * and dispute's — then removes its `uncounted` mark (money-counts.ts `finishCounts`). Safe to
 * repeat: each day refuses what it has counted.
 */
export function countSettledPayment(
  payment: PaymentRecord,
  deps: Pick<SettlementDeps, 'payments' | 'merchants' | 'stats' | 'money' | 'telemetry'>,
): Promise<PaymentRecord> {
  return finishCounts(payment, deps);
}

/**
 * Publishes the payment's live update, then records that it is out. A publish that fails throws (the event
 * is retried) and leaves `announceOwed`, so the retry publishes it though the status does not move again.
 */
async function announceOnce(payment: PaymentRecord, deps: SettlementDeps) {
  // A payment from a request's Pay button marks the request Paid first (docs/decisions.md #80): a failure
  // leaves `announceOwed`, so the retry marks it too; the write is conditional, so a repeat changes nothing.
  await markRequestPaid(payment, deps);
  await deps.announce(payment);
  // settle() moved the place before announcing: the same write records it.
  await deps.payments.clearAnnounceOwed(payment.paymentId, placeMoveOf(payment.status));
}

/** Applies a Checkout session's state to a payment already known to be the session's own. */
export async function settlePaymentFromSession(
  payment: PaymentRecord,
  session: StripeCheckoutSession,
  deps: SettlementDeps,
  override?: PaymentStatus,
): Promise<PaymentRecord> {
  const status = override ?? statusOfSession(session);
  if (!status || !isAsPriced(payment, session, deps.telemetry)) return payment;
  if (status === 'pending') return settleDelayedPayment(payment, session, deps);
  // Stripe is asked for the card and fee only when they will be written: when the status moves.
  const details =
    status === 'succeeded' && isForwardMove(payment.status, status)
      ? await detailsOf(session, payment, deps.stripe)
      : {};
  return settle(payment, status, details, deps);
}

/**
 * Complete and unpaid: a delayed method (a bank debit) whose money is with the bank. The session reads the
 * same while the debit processes and after it failed, so its payment intent decides (delayed-payments.ts);
 * the one read also gives the payer's method for the merchant ("Bank debit, processing").
 */
async function settleDelayedPayment(
  payment: PaymentRecord,
  session: StripeCheckoutSession,
  deps: SettlementDeps,
): Promise<PaymentRecord> {
  const payer = payerDetailsOf(session);
  if (!payer.paymentIntentId) return settle(payment, 'pending', payer, deps);
  const intent = await retrieveIntent(deps.stripe, payer.paymentIntentId, payment.stripeAccountId);
  const status = statusOfDelayedIntent(intent);
  const details = isForwardMove(payment.status, status) ? { ...payer, ...detailsOfIntent(intent) } : {};
  return settle(payment, status, details, deps);
}

/** Applies a Checkout session's state (from an event) to its payment, if the session is one of ours. */
async function settleFromSession(
  session: StripeCheckoutSession,
  account: string | null | undefined,
  deps: SettlementDeps,
  override?: PaymentStatus,
): Promise<PaymentRecord | undefined> {
  const payment = await paymentOfSession(session, account, deps);
  return payment && settlePaymentFromSession(payment, session, deps, override);
}

/** The Connect webhook's payment events, from the bus. */
export async function applyPaymentEvent(event: StripeEvent, deps: SettlementDeps): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      await settleFromSession(objectOf<StripeCheckoutSession>(event), event.account, deps);
      return;
    case 'checkout.session.async_payment_failed':
      await settleFromSession(objectOf<StripeCheckoutSession>(event), event.account, deps, 'failed');
      return;
    case 'payment_intent.payment_failed': {
      // Checkout keeps the session open after a decline so the payer can try another card: the payment
      // stays pending, and the decline is noted for the merchant and the result page.
      const intent = objectOf<StripePaymentIntent>(event);
      const payment = intent.metadata?.paymentId ? await deps.payments.get(intent.metadata.paymentId) : undefined;
      if (!payment || !isOnAccount(payment, event.account)) return;
      await deps.payments.recordAttemptError(
        payment.paymentId,
        intent.last_payment_error?.message ?? 'The card was declined.',
        deps.now,
      );
      return;
    }
    default:
      return;
  }
}

/** The result page's words when it cannot ask Stripe. */
export const VERIFICATION_FAILED_MESSAGE = 'Automatic verification failed, but the payment may have been processed.';

/** GET /api/checkout/{sessionId}: re-reads the session from Stripe, settles, and answers the result page. */
export async function verifyCheckout(sessionId: string, deps: SettlementDeps): Promise<PaymentResult | undefined> {
  const known = await deps.payments.findByCheckoutSession(sessionId);
  if (!known) return undefined;
  // Stripe failing here is not the payer's doing: a 502 in the result page's own words, and the
  // webhook or the schedule settles the payment anyway.
  const { session, payment } = await duringStripeCall(
    async () => {
      const session = await deps.stripe.checkout.sessions.retrieve(
        sessionId,
        {},
        { stripeAccount: known.stripeAccountId },
      );
      return { session, payment: await settlePaymentFromSession(known, session, deps) };
    },
    () => VERIFICATION_FAILED_MESSAGE,
    deps.telemetry,
  );
  const merchant = await deps.merchants.get(payment.merchantId);
  return {
    sessionId,
    payment_id: payment.paymentId,
    verified: session.payment_status === 'paid',
    payment_status: session.payment_status,
    status: payment.status,
    amount_total: payment.totalCents,
    tip_amount: payment.tipCents,
    currency: payment.currency,
    // Masked: the session id in the URL is no proof of being the payer (docs/decisions.md #69).
    customer_email: maskedEmail(payment.payerEmail ?? session.customer_details?.email),
    customer_name: shortName(payment.payerName ?? session.customer_details?.name),
    link_title: payment.linkTitle,
    business_name: merchant?.companyName ?? null,
    business_website: merchant?.websiteUrl || null,
    last_error: isUnsettled(payment.status) ? (payment.lastError ?? null) : null,
    thank_you_message: payment.thankYouMessage ?? null,
    receipt_path: payment.status === 'succeeded' ? receiptPath(payment) : null,
  };
}
