/**
 * Refunds as Stripe makes them: `POST /v1/refunds` on a charge or a payment intent (on the connected account
 * the direct charge lives on), full or partial, with Paylink's application fee returned in proportion when
 * `refund_application_fee` is set; the charge keeps `amount_refunded` and `refunded`; and the refusals
 * Stripe answers (already refunded, disputed, more than remains). Sandbox refunds succeed at once; the test
 * control `POST /_emu/refunds/:id/fail` fails one later, as a card network can, giving its amount back.
 */
import { metadataParam, optionalBoolean, optionalInteger, optionalString, type Params } from './form-params';
import { listPage } from './list-page';
import type { SandboxContext } from './sandbox-context';
import { newId, type StripeObject } from './sandbox-store';
import { StripeApiError, invalidParameter, noSuchObject } from './stripe-error';

export interface Charge extends StripeObject {
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  disputed: boolean;
  currency: string;
  status: string;
  payment_intent: string | null;
  payment_method: string | null;
  application_fee: string | null;
  application_fee_amount: number | null;
  created: number;
}

export interface Refund extends StripeObject {
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string | null;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  reason: string | null;
  failure_reason?: string;
  failure_balance_transaction?: string;
  metadata: Record<string, string>;
  created: number;
}

/** A platform's fee on a connected account's charge: a platform object, as in Stripe. */
export interface ApplicationFee extends StripeObject {
  object: 'application_fee';
  account: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  charge: string;
  currency: string;
  refunds: { object: 'list'; data: StripeObject[]; has_more: false; total_count: number; url: string };
}

export const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;
/** Stripe's documented `failure_reason` values. */
export const REFUND_FAILURE_REASONS = [
  'lost_or_stolen_card',
  'expired_or_canceled_card',
  'charge_for_pending_refund_disputed',
  'insufficient_funds',
  'declined',
  'merchant_request',
  'unknown',
] as const;
/** Dispute statuses in which Stripe refuses a refund (`charge_disputed`): a chargeback open, or lost. */
const REFUSING_DISPUTE_STATUSES = new Set(['needs_response', 'under_review', 'lost']);

function dollars(amount: number) {
  return `$${(amount / 100).toFixed(2)}`;
}

function findCharge(context: SandboxContext, id: string, account: string | null, param = 'charge'): Charge {
  const charge = context.store.find<Charge>(id, account);
  if (!charge || charge.object !== 'charge') throw noSuchObject('charge', id, param);
  return charge;
}

/** The charge a refund request names, by `charge` or by `payment_intent` (its latest charge). */
function chargeToRefund(context: SandboxContext, params: Params, account: string | null): Charge {
  const chargeId = optionalString(params, 'charge');
  const paymentIntentId = optionalString(params, 'payment_intent');
  if (!chargeId && !paymentIntentId) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'One of the following params should be provided for this request: payment_intent or charge.',
      'parameter_missing',
    );
  }
  if (paymentIntentId) {
    const intent = context.store.find(paymentIntentId, account);
    if (!intent || intent.object !== 'payment_intent') {
      throw noSuchObject('payment_intent', paymentIntentId, 'payment_intent');
    }
    const latest = intent.latest_charge as string | null;
    if (intent.status !== 'succeeded' || !latest) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `This PaymentIntent (${paymentIntentId}) does not have a successful charge to refund.`,
        'charge_not_refundable',
        'payment_intent',
      );
    }
    if (chargeId && chargeId !== latest) {
      throw invalidParameter('charge', `The charge ${chargeId} does not belong to PaymentIntent ${paymentIntentId}.`);
    }
    return findCharge(context, latest, account);
  }
  return findCharge(context, chargeId!, account);
}

/** The charge's dispute, if it has one (a charge has at most one). */
export function disputeOfCharge(context: SandboxContext, chargeId: string) {
  return context.store.objectsOfKind<StripeObject>('dispute', (dispute) => dispute.charge === chargeId)[0];
}

export function createRefund(context: SandboxContext, params: Params, account: string | null): Refund {
  const charge = chargeToRefund(context, params, account);
  const requested = optionalInteger(params, 'amount');
  if (requested !== undefined && requested < 1) {
    throw invalidParameter('amount', 'Invalid positive integer', 'parameter_invalid_integer');
  }
  const reason = optionalString(params, 'reason') ?? null;
  if (reason !== null && !(REFUND_REASONS as readonly string[]).includes(reason)) {
    throw invalidParameter('reason', `Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`);
  }
  const refundApplicationFee = optionalBoolean(params, 'refund_application_fee') ?? false;
  const metadata = metadataParam(params, 'metadata');

  const dispute = disputeOfCharge(context, charge.id);
  if (dispute && REFUSING_DISPUTE_STATUSES.has(dispute.status as string)) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Charge ${charge.id} has been charged back; cannot issue a refund.`,
      'charge_disputed',
    );
  }
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining <= 0) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Charge ${charge.id} has already been refunded.`,
      'charge_already_refunded',
    );
  }
  const amount = requested ?? remaining;
  if (amount > remaining) {
    const message =
      charge.amount_refunded === 0
        ? `Refund amount (${dollars(amount)}) is greater than charge amount (${dollars(charge.amount)})`
        : `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`;
    throw new StripeApiError(400, 'invalid_request_error', message, 'amount_too_large', 'amount');
  }

  const now = context.now();
  const id = newId('re', 24);
  // The merchant's balance gives the money back (Stripe keeps its processing fee on a refund).
  const balanceTransaction = context.store.put(
    {
      id: newId('txn', 24),
      object: 'balance_transaction',
      amount: -amount,
      currency: charge.currency,
      fee: 0,
      fee_details: [],
      net: -amount,
      status: 'available',
      type: 'refund',
      reporting_category: 'refund',
      available_on: now,
      source: id,
      created: now,
      payout: null,
    },
    account,
  );
  const refund = context.store.put<Refund>(
    {
      id,
      object: 'refund',
      amount,
      balance_transaction: balanceTransaction.id,
      charge: charge.id,
      created: now,
      currency: charge.currency,
      destination_details: { type: 'card', card: { type: 'refund', reference_status: 'pending' } },
      metadata,
      payment_intent: charge.payment_intent,
      payment_method: charge.payment_method,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    },
    account,
  );
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;

  context.emit('charge.refunded', charge, { account, previousAttributes: previous });
  context.emit('refund.created', refund, { account });
  if (refundApplicationFee) refundApplicationFeeFor(context, charge, amount);
  return refund;
}

/**
 * Stripe's rule: a full refund of the charge returns the whole fee; a partial one returns the fee in
 * proportion to the amount refunded. Rounded to the cent, and the refund that completes the charge returns
 * whatever is left, so the parts always add up to the fee.
 */
function refundApplicationFeeFor(context: SandboxContext, charge: Charge, refundAmount: number) {
  if (!charge.application_fee) return;
  const fee = context.store.find<ApplicationFee>(charge.application_fee, null);
  if (!fee) return;
  const left = fee.amount - fee.amount_refunded;
  const share = charge.refunded ? left : Math.min(left, Math.round((fee.amount * refundAmount) / charge.amount));
  if (share <= 0) return;
  const feeRefund = {
    id: newId('fr', 24),
    object: 'fee_refund',
    amount: share,
    balance_transaction: null,
    created: context.now(),
    currency: fee.currency,
    fee: fee.id,
    metadata: {},
  };
  const previous = { amount_refunded: fee.amount_refunded, refunded: fee.refunded };
  fee.amount_refunded += share;
  fee.refunded = fee.amount_refunded === fee.amount;
  fee.refunds.data.unshift(feeRefund);
  context.store.put(feeRefund, null);
  // On a direct charge the fee came out of the merchant's balance, so its return goes back into it.
  context.store.put(
    {
      id: newId('txn', 24),
      object: 'balance_transaction',
      amount: share,
      currency: fee.currency,
      description: 'Application fee refund',
      fee: 0,
      fee_details: [],
      net: share,
      status: 'available',
      type: 'application_fee_refund',
      reporting_category: 'platform_earning_refund',
      available_on: feeRefund.created,
      source: feeRefund.id,
      created: feeRefund.created,
      payout: null,
    },
    fee.account,
  );
  fee.refunds.total_count = fee.refunds.data.length;
  // The fee is the platform's object: its event goes to the platform endpoint.
  context.emit('application_fee.refunded', fee, { account: null, previousAttributes: previous });
}

/** Test control: the refund fails later, as a card network can make it; its amount is refundable again. */
export function failRefund(context: SandboxContext, refundId: string, params: Params): Refund {
  const account = context.store.accountOf(refundId);
  const refund = account === undefined ? undefined : context.store.find<Refund>(refundId, account);
  if (!refund || refund.object !== 'refund' || account === undefined) throw noSuchObject('refund', refundId);
  const failureReason = optionalString(params, 'failure_reason') ?? 'expired_or_canceled_card';
  if (!(REFUND_FAILURE_REASONS as readonly string[]).includes(failureReason)) {
    throw invalidParameter('failure_reason', `failure_reason must be one of ${REFUND_FAILURE_REASONS.join(', ')}.`);
  }
  if (refund.status !== 'succeeded' && refund.status !== 'pending') {
    throw invalidParameter('refund', `Only a pending or succeeded refund can fail; ${refundId} is ${refund.status}.`);
  }
  const charge = findCharge(context, refund.charge, account);
  const now = context.now();
  const reversal = context.store.put(
    {
      id: newId('txn', 24),
      object: 'balance_transaction',
      amount: refund.amount,
      currency: refund.currency,
      fee: 0,
      fee_details: [],
      net: refund.amount,
      status: 'available',
      type: 'refund_failure',
      reporting_category: 'refund_failure',
      available_on: now,
      source: refund.id,
      created: now,
      payout: null,
    },
    account,
  );
  const previous = { status: refund.status };
  Object.assign(refund, { status: 'failed', failure_reason: failureReason, failure_balance_transaction: reversal.id });
  charge.amount_refunded -= refund.amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  context.emit('refund.updated', refund, { account, previousAttributes: previous });
  context.emit('charge.refund.updated', refund, { account, previousAttributes: previous });
  context.emit('refund.failed', refund, { account });
  return refund;
}

export function retrieveRefund(context: SandboxContext, id: string, account: string | null): Refund {
  const refund = context.store.find<Refund>(id, account);
  if (!refund || refund.object !== 'refund') throw noSuchObject('refund', id);
  return refund;
}

/** `metadata` is the only thing a refund lets you change after the fact. */
export function updateRefund(context: SandboxContext, id: string, params: Params, account: string | null) {
  const refund = retrieveRefund(context, id, account);
  const previous = { metadata: refund.metadata };
  refund.metadata = metadataParam(params, 'metadata', refund.metadata);
  context.emit('refund.updated', refund, { account, previousAttributes: previous });
  return refund;
}

/** The charge's refunds, newest first: what `expand[]=refunds` puts on a charge. */
export function refundsOfCharge(context: SandboxContext, chargeId: string, account: string | null) {
  return newestFirst(
    context.store.objectsOfKind<Refund>(
      'refund',
      (refund) => refund.charge === chargeId && context.store.accountOf(refund.id) === account,
    ),
  );
}

function newestFirst<T extends StripeObject>(objects: T[]): T[] {
  // Stored in creation order; Stripe lists newest first.
  return [...objects].reverse().sort((a, b) => (b.created as number) - (a.created as number));
}

/** `GET /v1/refunds?charge=|payment_intent=`: the account's refunds, newest first. */
export function listRefunds(context: SandboxContext, params: Params, account: string | null) {
  const chargeId = optionalString(params, 'charge');
  const paymentIntentId = optionalString(params, 'payment_intent');
  if (chargeId) findCharge(context, chargeId, account);
  if (paymentIntentId) {
    const intent = context.store.find(paymentIntentId, account);
    if (!intent || intent.object !== 'payment_intent') {
      throw noSuchObject('payment_intent', paymentIntentId, 'payment_intent');
    }
  }
  const refunds = context.store.objectsOfKind<Refund>(
    'refund',
    (refund) =>
      context.store.accountOf(refund.id) === account &&
      (!chargeId || refund.charge === chargeId) &&
      (!paymentIntentId || refund.payment_intent === paymentIntentId),
  );
  return listPage(newestFirst(refunds), params, '/v1/refunds');
}
