/**
 * New Zealand BECS Direct Debit (`nz_bank_account`) on the hosted Checkout, as Stripe runs a delayed
 * notification method: the payer gives a bank account and accepts the mandate, the session completes
 * unpaid (`checkout.session.completed`, payment_status `unpaid`), and the PaymentIntent stays `processing`
 * until the bank answers — up to two business days later in Stripe's docs
 * (https://docs.stripe.com/payments/nz-bank-account). Then `checkout.session.async_payment_succeeded` (the
 * session becomes paid) or `checkout.session.async_payment_failed` (the session stays complete and unpaid;
 * the PaymentIntent goes back to `requires_payment_method`).
 *
 * The sandbox cannot wait days: the debit stays processing until a test answers for the bank with
 * `POST /_emu/payment_intents/:id/debit` (`outcome=succeeded` or `outcome=failed`), as `end_trial` stands
 * in for a month passing. Any well-formed account number is accepted; the outcome is the test's.
 */
import type { CheckoutSession } from './checkout';
import { chargeMoney } from './card-charges';
import {
  collectedInformation,
  paymentIntentFor,
  successRedirect,
  type PayerDetails,
  type PaymentResult,
} from './checkout-payment';
import { recordAnswers } from './checkout-questions';
import type { SandboxContext } from './sandbox-context';
import { newId, type StripeObject } from './sandbox-store';
import { invalidParameter } from './stripe-error';

export const BANK_DEBIT = 'nz_bank_account';

/** Bank-branch-account-suffix, dashes or spaces optional: 01-0123-0123456-00 (the suffix two or three digits). */
const ACCOUNT_NUMBER = /^(\d{2})[- ]?(\d{4})[- ]?(\d{7})[- ]?(\d{2,3})$/;

/** The sandbox's own figure for a bank debit's fee (1% + 30c, at most $4): a test value, not a price list. */
function bankDebitFee(amount: number) {
  return Math.min(Math.round(amount * 0.01) + 30, 400);
}

/** Whether the session can be paid by bank debit: a one-off payment in NZD, as Stripe offers it. */
export function offersBankDebit(session: CheckoutSession) {
  return session.mode === 'payment' && session.currency === 'nzd';
}

/** The hosted page's Pay button with "Bank account" chosen: the mandate taken, the debit started. */
export function startBankDebit(
  context: SandboxContext,
  session: CheckoutSession,
  payer: PayerDetails & { accountNumber: string },
  account: string | null,
): PaymentResult {
  const parts = ACCOUNT_NUMBER.exec(payer.accountNumber.trim());
  if (!parts) {
    return {
      outcome: 'declined',
      message: 'Enter a New Zealand bank account number, like 01-0123-0123456-00.',
    };
  }
  const [, bank, branch, number, suffix] = parts as unknown as [string, string, string, string, string];
  const setup = context.store.checkoutSetup(session.id)!;
  const paymentIntent = paymentIntentFor(context, session, setup, account);
  const details = {
    account_holder_name: null,
    bank_code: bank,
    bank_name: 'Test Bank',
    branch_code: branch,
    last4: number.slice(-4),
    suffix,
  };
  const paymentMethod = { id: newId('pm', 24), object: 'payment_method', type: BANK_DEBIT, nz_bank_account: details };
  const chargeId = newId('ch', 24);
  context.store.put(
    {
      id: chargeId,
      object: 'charge',
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: 0,
      disputed: false,
      application_fee: null,
      currency: session.currency,
      // The debit is with the bank: nothing has moved yet.
      paid: false,
      status: 'pending',
      captured: true,
      refunded: false,
      payment_intent: paymentIntent.id,
      payment_method: paymentMethod.id,
      balance_transaction: null,
      billing_details: { email: payer.email, name: payer.name },
      payment_method_details: { type: BANK_DEBIT, nz_bank_account: details },
      receipt_email: payer.email,
      receipt_url: null,
      application_fee_amount: setup.paymentIntentData.applicationFeeAmount,
      metadata: setup.paymentIntentData.metadata,
      outcome: null,
      created: context.now(),
      livemode: false,
    },
    account,
  );
  Object.assign(paymentIntent, {
    status: 'processing',
    payment_method_types: ['card', BANK_DEBIT],
    latest_charge: chargeId,
    payment_method: paymentMethod.id,
    last_payment_error: null,
    receipt_email: payer.email,
  });
  recordAnswers(session.custom_fields, payer.answers ?? new Map());
  Object.assign(session, {
    status: 'complete',
    payment_status: 'unpaid',
    customer_details: {
      email: payer.email,
      name: payer.name,
      phone: payer.phone ?? null,
      address: { country: 'NZ', city: null, line1: null, line2: null, postal_code: null, state: null },
      tax_exempt: 'none',
      tax_ids: [],
    },
    ...collectedInformation(session, payer.name),
  });
  context.emit('payment_intent.processing', paymentIntent, { account });
  context.emit('checkout.session.completed', session, { account });
  return { outcome: 'paid', redirectTo: successRedirect(session) };
}

/** The `/_emu/` control: the bank answers a processing debit, as it would days later. */
export function answerBankDebit(context: SandboxContext, paymentIntentId: string, outcome: unknown) {
  if (outcome !== 'succeeded' && outcome !== 'failed') {
    throw invalidParameter('outcome', 'outcome must be succeeded or failed.');
  }
  const { store } = context;
  const account = store.accountOf(paymentIntentId) ?? null;
  const paymentIntent = store.find(paymentIntentId, account);
  if (!paymentIntent || paymentIntent.object !== 'payment_intent' || paymentIntent.status !== 'processing') {
    throw invalidParameter('payment_intent', 'Only a processing bank debit can be answered.');
  }
  const charge = store.find(String(paymentIntent.latest_charge), account)!;
  const session = store
    .objectsOfKind<CheckoutSession>('checkout.session', (candidate) => candidate.payment_intent === paymentIntentId)
    .at(0);
  if (!session) throw invalidParameter('payment_intent', 'This payment intent has no Checkout Session.');
  if (outcome === 'failed') {
    const error = { type: 'invalid_request_error', code: 'insufficient_funds', message: 'The debit was returned.' };
    Object.assign(charge, { status: 'failed', failure_code: error.code, failure_message: error.message });
    Object.assign(paymentIntent, { status: 'requires_payment_method', last_payment_error: error });
    // The session stays complete and unpaid: only its PaymentIntent shows that the debit failed.
    context.emit('payment_intent.payment_failed', paymentIntent, { account });
    context.emit('checkout.session.async_payment_failed', session, { account });
    store.save();
    return paymentIntent;
  }
  const setup = store.checkoutSetup(session.id)!;
  const { balanceTransaction, applicationFeeObject } = chargeMoney(
    context,
    {
      amount: session.amount_total,
      currency: session.currency,
      applicationFeeAmount: setup.paymentIntentData.applicationFeeAmount,
      chargeId: charge.id,
      processingFee: bankDebitFee(session.amount_total),
    },
    account,
  );
  Object.assign(charge, {
    paid: true,
    status: 'succeeded',
    balance_transaction: balanceTransaction.id,
    application_fee: applicationFeeObject?.id ?? null,
    receipt_url: `${context.baseUrl}/receipts/${charge.id}`,
    outcome: { network_status: 'approved_by_network', type: 'authorized', seller_message: 'Payment complete.' },
  } satisfies Partial<StripeObject>);
  Object.assign(paymentIntent, { status: 'succeeded', amount_received: session.amount_total });
  session.payment_status = 'paid';
  context.emit('payment_intent.succeeded', paymentIntent, { account });
  context.emit('checkout.session.async_payment_succeeded', session, { account });
  store.save();
  return paymentIntent;
}
