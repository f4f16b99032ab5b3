/**
 * Disputes (chargebacks) as Stripe shows them. No API opens one — a card holder's bank does — so the test
 * controls `POST /_emu/charges/:id/dispute` and `POST /_emu/disputes/:id/close` stand in for the bank;
 * reading (`GET /v1/disputes[/:id]`) and accepting (`POST /v1/disputes/:id/close`) are Stripe's own API.
 * Opening withdraws the amount plus the dispute fee from the merchant's balance; winning reinstates both.
 */
import type { Params } from './form-params';
import { optionalInteger, optionalString } from './form-params';
import { listPage } from './list-page';
import { disputeOfCharge, type Charge } from './refunds';
import type { SandboxContext } from './sandbox-context';
import { newId, type StripeObject } from './sandbox-store';
import { StripeApiError, invalidParameter, noSuchObject } from './stripe-error';

export interface Dispute extends StripeObject {
  object: 'dispute';
  amount: number;
  charge: string;
  payment_intent: string | null;
  currency: string;
  reason: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
  balance_transactions: StripeObject[];
  evidence_details: { due_by: number | null; has_evidence: boolean; past_due: boolean; submission_count: number };
  is_charge_refundable: boolean;
  created: number;
}

/** Stripe's dispute reasons. */
export const DISPUTE_REASONS = [
  'bank_cannot_process',
  'check_returned',
  'credit_not_processed',
  'customer_initiated',
  'debit_not_authorized',
  'duplicate',
  'fraudulent',
  'general',
  'incorrect_account_details',
  'insufficient_funds',
  'noncompliant',
  'product_not_received',
  'product_unacceptable',
  'subscription_canceled',
  'unrecognized',
] as const;
/** The network's dispute fee Stripe passes on (NZ$25 (?), as in Australia); returned if the dispute is won. */
export const DISPUTE_FEE = 2500;
const EVIDENCE_WINDOW_SECONDS = 7 * 86_400;

function disputeBalanceTransaction(
  context: SandboxContext,
  dispute: { id: string; currency: string },
  amount: number,
  fee: number,
  description: string,
  account: string | null,
) {
  const now = context.now();
  return context.store.put(
    {
      id: newId('txn', 24),
      object: 'balance_transaction',
      amount,
      currency: dispute.currency,
      description,
      fee,
      fee_details: fee
        ? [{ type: 'stripe_fee', amount: fee, currency: dispute.currency, description: 'Dispute fee' }]
        : [],
      net: amount - fee,
      status: 'available',
      type: 'adjustment',
      reporting_category: amount < 0 ? 'dispute' : 'dispute_reversal',
      available_on: now,
      source: dispute.id,
      created: now,
      payout: null,
    },
    account,
  );
}

/** Test control: the card holder's bank opens a chargeback on the charge (`needs_response`, evidence due in 7 days). */
export function openDispute(context: SandboxContext, chargeId: string, params: Params): Dispute {
  const account = context.store.accountOf(chargeId);
  const charge = account === undefined ? undefined : context.store.find<Charge>(chargeId, account);
  if (!charge || charge.object !== 'charge' || account === undefined) throw noSuchObject('charge', chargeId, 'charge');
  if (charge.status !== 'succeeded') {
    throw invalidParameter('charge', `Only a succeeded charge can be disputed; ${chargeId} is ${charge.status}.`);
  }
  const existing = disputeOfCharge(context, chargeId);
  if (existing) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Charge ${chargeId} already has a dispute (${existing.id}).`,
      'resource_already_exists',
      'charge',
    );
  }
  const amount = optionalInteger(params, 'amount') ?? charge.amount - charge.amount_refunded;
  if (amount < 1 || amount > charge.amount) {
    throw invalidParameter(
      'amount',
      `The disputed amount must be between 1 and the charge's amount (${charge.amount}).`,
      'parameter_invalid_integer',
    );
  }
  const reason = optionalString(params, 'reason') ?? 'fraudulent';
  if (!(DISPUTE_REASONS as readonly string[]).includes(reason)) {
    throw invalidParameter('reason', `reason must be one of ${DISPUTE_REASONS.join(', ')}.`);
  }
  const created = context.now();
  const id = newId('dp', 24);
  const withdrawal = disputeBalanceTransaction(
    context,
    { id, currency: charge.currency },
    -amount,
    DISPUTE_FEE,
    `Chargeback withdrawal for ${chargeId}`,
    account,
  );
  const card = (charge.payment_method_details as { card?: { brand?: string } } | undefined)?.card;
  const dispute = context.store.put<Dispute>(
    {
      id,
      object: 'dispute',
      amount,
      balance_transactions: [withdrawal],
      charge: chargeId,
      created,
      currency: charge.currency,
      enhanced_eligibility_types: [],
      evidence: {},
      evidence_details: {
        due_by: created + EVIDENCE_WINDOW_SECONDS,
        has_evidence: false,
        past_due: false,
        submission_count: 0,
      },
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: charge.payment_intent,
      payment_method_details: { type: 'card', card: { brand: card?.brand ?? 'visa', case_type: 'chargeback' } },
      reason,
      status: 'needs_response',
    },
    account,
  );
  charge.disputed = true;
  context.emit('charge.dispute.created', dispute, { account });
  context.emit('charge.dispute.funds_withdrawn', dispute, { account });
  return dispute;
}

function closeAs(context: SandboxContext, dispute: Dispute, status: 'won' | 'lost', account: string | null) {
  if (dispute.status === 'won' || dispute.status === 'lost') {
    throw invalidParameter('dispute', `The dispute ${dispute.id} is already closed (${dispute.status}).`);
  }
  const previous = { status: dispute.status };
  dispute.status = status;
  context.emit('charge.dispute.closed', dispute, { account, previousAttributes: previous });
  if (status === 'won') {
    // Winning gives back the amount and the fee.
    dispute.balance_transactions.push(
      disputeBalanceTransaction(
        context,
        dispute,
        dispute.amount,
        -DISPUTE_FEE,
        `Chargeback reversal for ${dispute.charge}`,
        account,
      ),
    );
    context.emit('charge.dispute.funds_reinstated', dispute, { account });
  }
  return dispute;
}

/** Test control: the bank decides, `status=won|lost`. */
export function closeDispute(context: SandboxContext, disputeId: string, params: Params): Dispute {
  const account = context.store.accountOf(disputeId);
  const dispute = account === undefined ? undefined : context.store.find<Dispute>(disputeId, account);
  if (!dispute || dispute.object !== 'dispute' || account === undefined) throw noSuchObject('dispute', disputeId);
  const status = optionalString(params, 'status');
  if (status !== 'won' && status !== 'lost') throw invalidParameter('status', 'status must be won or lost.');
  return closeAs(context, dispute, status, account);
}

export function retrieveDispute(context: SandboxContext, id: string, account: string | null): Dispute {
  const dispute = context.store.find<Dispute>(id, account);
  if (!dispute || dispute.object !== 'dispute') throw noSuchObject('dispute', id);
  return dispute;
}

/** `POST /v1/disputes/:id/close`: the merchant accepts the dispute, which Stripe records as lost. */
export function acceptDispute(context: SandboxContext, id: string, account: string | null) {
  return closeAs(context, retrieveDispute(context, id, account), 'lost', account);
}

/** `GET /v1/disputes?charge=|payment_intent=`: the account's disputes, newest first. */
export function listDisputes(context: SandboxContext, params: Params, account: string | null) {
  const chargeId = optionalString(params, 'charge');
  const paymentIntentId = optionalString(params, 'payment_intent');
  const disputes = context.store
    .objectsOfKind<Dispute>(
      'dispute',
      (dispute) =>
        context.store.accountOf(dispute.id) === account &&
        (!chargeId || dispute.charge === chargeId) &&
        (!paymentIntentId || dispute.payment_intent === paymentIntentId),
    )
    .reverse();
  return listPage(disputes, params, '/v1/disputes');
}
