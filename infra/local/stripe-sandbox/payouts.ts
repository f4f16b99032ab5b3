/**
 * Payouts and the balance transactions behind them, as Stripe makes them on a connected account with the
 * standard automatic schedule: once a day, everything that has become available (charges gross with
 * Stripe's and Paylink's fees in `fee_details`, refunds, the application fee Stripe gives back on a refund,
 * dispute adjustments and their fees) goes out in one payout to the bank, and each of those balance
 * transactions then names it in `payout`. `GET /v1/balance_transactions?payout=po_…` lists them.
 *
 * The sandbox's daily run (`runDuePayouts`) pays out what is past its `available_on`; the test control
 * `POST /_emu/payouts/run` runs the day's payouts now, treating every pending balance as available, since a
 * test cannot wait Stripe's 7 days. A sandbox payout reaches the bank at once: `payout.created` then
 * `payout.paid` (or `payout.failed` with `fail=true`, whose `payout_failure` transaction returns the money
 * to the balance, to go out with the next payout). docs/decisions.md #56.
 */
import { optionalBoolean, optionalInteger, optionalString, requiredString, type Params } from './form-params';
import { listPage } from './list-page';
import type { SandboxContext } from './sandbox-context';
import { newId, type StripeObject } from './sandbox-store';
import { invalidParameter, noSuchObject } from './stripe-error';

export interface BalanceTransaction extends StripeObject {
  object: 'balance_transaction';
  amount: number;
  currency: string;
  fee: number;
  fee_details: Array<{ type: string; amount: number; currency: string; description: string }>;
  net: number;
  status: 'pending' | 'available';
  type: string;
  available_on: number;
  source: string | null;
  created: number;
  /** The payout that took it to the bank; null until then (undefined on objects stored before payouts). */
  payout?: string | null;
}

export interface Payout extends StripeObject {
  object: 'payout';
  amount: number;
  arrival_date: number;
  automatic: boolean;
  balance_transaction: string;
  created: number;
  currency: string;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  failure_code: string | null;
  failure_message: string | null;
  failure_balance_transaction: string | null;
}

/** Stripe's `failure_code` for a payout the bank returned; the test control's default. */
const DEFAULT_FAILURE = { code: 'account_closed', message: 'The bank account has been closed.' };
const DAY_SECONDS = 86_400;
/** What never goes into a payout: the payout's own withdrawal and a returned payout's credit go with the next one. */
const NOT_PAID_OUT = new Set(['payout']);

function connectedAccounts(context: SandboxContext): string[] {
  return context.store.objectsOfKind('account', () => true).map((account) => account.id);
}

function unpaidTransactions(context: SandboxContext, account: string, availableBy: number | null) {
  return context.store.objectsOfKind<BalanceTransaction>(
    'balance_transaction',
    (transaction) =>
      context.store.accountOf(transaction.id) === account &&
      !transaction.payout &&
      !NOT_PAID_OUT.has(transaction.type) &&
      (availableBy === null || transaction.available_on <= availableBy),
  );
}

/**
 * One account's payout of the transactions given, if they add up to money to send (a balance at or
 * below zero waits for more payments, as Stripe's does). Paid (or failed) at once.
 */
function payOut(
  context: SandboxContext,
  account: string,
  transactions: BalanceTransaction[],
  failure: { code: string; message: string } | null,
): Payout | null {
  const byCurrency = new Map<string, BalanceTransaction[]>();
  for (const transaction of transactions) {
    byCurrency.set(transaction.currency, [...(byCurrency.get(transaction.currency) ?? []), transaction]);
  }
  let made: Payout | null = null;
  for (const [currency, included] of byCurrency) {
    const amount = included.reduce((sum, transaction) => sum + transaction.net, 0);
    if (amount <= 0) continue;
    const now = context.now();
    const id = newId('po', 24);
    const withdrawal = context.store.put<BalanceTransaction>(
      {
        id: newId('txn', 24),
        object: 'balance_transaction',
        amount: -amount,
        currency,
        description: 'STRIPE PAYOUT',
        fee: 0,
        fee_details: [],
        net: -amount,
        status: 'available',
        type: 'payout',
        reporting_category: 'payout',
        available_on: now,
        source: id,
        created: now,
        payout: id,
      },
      account,
    );
    for (const transaction of included) {
      transaction.payout = id;
      transaction.status = 'available';
    }
    const payout = context.store.put<Payout>(
      {
        id,
        object: 'payout',
        amount,
        // Stripe's arrival date is midnight UTC of the day the bank credits it: the next day here.
        arrival_date: Math.floor(now / DAY_SECONDS) * DAY_SECONDS + DAY_SECONDS,
        automatic: true,
        balance_transaction: withdrawal.id,
        created: now,
        currency,
        description: 'STRIPE PAYOUT',
        destination: `ba_${account.slice(5, 29)}`,
        failure_balance_transaction: null,
        failure_code: null,
        failure_message: null,
        livemode: false,
        metadata: {},
        method: 'standard',
        reconciliation_status: 'completed',
        source_type: 'card',
        statement_descriptor: null,
        status: 'pending',
        type: 'bank_account',
      },
      account,
    );
    context.emit('payout.created', payout, { account });
    settle(context, payout, account, failure);
    made = payout;
  }
  return made;
}

function settle(
  context: SandboxContext,
  payout: Payout,
  account: string,
  failure: { code: string; message: string } | null,
) {
  const previous = { status: payout.status };
  if (!failure) {
    payout.status = 'paid';
    context.emit('payout.paid', payout, { account, previousAttributes: previous });
    return;
  }
  const now = context.now();
  const returned = context.store.put<BalanceTransaction>(
    {
      id: newId('txn', 24),
      object: 'balance_transaction',
      amount: payout.amount,
      currency: payout.currency,
      description: 'STRIPE PAYOUT FAILURE',
      fee: 0,
      fee_details: [],
      net: payout.amount,
      status: 'available',
      type: 'payout_failure',
      reporting_category: 'payout_reversal',
      available_on: now,
      source: payout.id,
      created: now,
      payout: null,
    },
    account,
  );
  Object.assign(payout, {
    status: 'failed',
    failure_code: failure.code,
    failure_message: failure.message,
    failure_balance_transaction: returned.id,
  });
  context.emit('payout.failed', payout, { account, previousAttributes: previous });
}

/** The daily automatic payouts: every connected account's funds whose `available_on` has passed. */
export function runDuePayouts(context: SandboxContext): Payout[] {
  const now = context.now();
  return connectedAccounts(context)
    .map((account) => payOut(context, account, unpaidTransactions(context, account, now), null))
    .filter((payout): payout is Payout => payout !== null);
}

/**
 * Test control `POST /_emu/payouts/run`: the day's payouts now, every pending balance counted as available;
 * `account=acct_…` for one account only, `fail=true` to have the bank return them (`failure_code=` to say why).
 */
export function runPayoutsNow(context: SandboxContext, params: Params) {
  const only = optionalString(params, 'account');
  if (only && !context.store.find(only, null)) throw noSuchObject('account', only, 'account');
  const fail = optionalBoolean(params, 'fail') ?? false;
  const failureCode = optionalString(params, 'failure_code');
  const failure = fail ? { ...DEFAULT_FAILURE, ...(failureCode ? { code: failureCode } : {}) } : null;
  const payouts = (only ? [only] : connectedAccounts(context))
    .map((account) => payOut(context, account, unpaidTransactions(context, account, null), failure))
    .filter((payout): payout is Payout => payout !== null);
  return { object: 'list', data: payouts, has_more: false, url: '/_emu/payouts/run' };
}

/** Charges one test control call may make: a busy merchant's payout, and some. */
const MAX_SEEDED_CHARGES = 50_000;

/**
 * Test control `POST /_emu/balance_transactions/seed`: `count` card charges on `account` at once, each with
 * its pending balance transaction (`amount`, Stripe's fee and `application_fee` in `fee_details`), as
 * Checkout leaves them — for a busy merchant's payout of thousands of transactions, which a test cannot
 * make one Checkout at a time. With `payment_id_prefix`, the n-th charge (from 0) names the Paylink payment
 * `<prefix><n as 6 digits>` in its metadata. The next payout run pays them out.
 */
export function seedBalanceTransactions(context: SandboxContext, params: Params) {
  const account = requiredString(params, 'account');
  if (!context.store.find(account, null)) throw noSuchObject('account', account, 'account');
  const count = optionalInteger(params, 'count') ?? 1;
  if (count < 1 || count > MAX_SEEDED_CHARGES) {
    throw invalidParameter('count', `count must be between 1 and ${MAX_SEEDED_CHARGES}.`);
  }
  const amount = optionalInteger(params, 'amount') ?? 1000;
  const applicationFee = optionalInteger(params, 'application_fee') ?? 0;
  const prefix = optionalString(params, 'payment_id_prefix');
  const currency = optionalString(params, 'currency') ?? 'nzd';
  const now = context.now();
  for (let index = 0; index < count; index++) {
    // Stripe's domestic card rate as the sandbox charges it: 2.7% + 30c.
    const stripeFee = Math.round(amount * 0.027) + 30;
    const chargeId = newId('ch', 24);
    const feeDetails = [{ type: 'stripe_fee', amount: stripeFee, currency, description: 'Stripe processing fees' }];
    if (applicationFee > 0) {
      feeDetails.push({ type: 'application_fee', amount: applicationFee, currency, description: 'Paylink fee' });
    }
    const fee = stripeFee + applicationFee;
    // One second apart, oldest first, so Stripe's newest-first order is the reverse of the seeding order.
    const created = now - count + index;
    const transaction = context.store.put<BalanceTransaction>(
      {
        id: newId('txn', 24),
        object: 'balance_transaction',
        amount,
        currency,
        fee,
        fee_details: feeDetails,
        net: amount - fee,
        status: 'pending',
        type: 'charge',
        reporting_category: 'charge',
        available_on: created + 7 * DAY_SECONDS,
        source: chargeId,
        created,
        payout: null,
      },
      account,
    );
    context.store.put(
      {
        id: chargeId,
        object: 'charge',
        amount,
        amount_captured: amount,
        amount_refunded: 0,
        currency,
        paid: true,
        status: 'succeeded',
        captured: true,
        refunded: false,
        balance_transaction: transaction.id,
        application_fee_amount: applicationFee || null,
        metadata: prefix ? { paymentId: `${prefix}${String(index).padStart(6, '0')}` } : {},
        created,
        livemode: false,
      },
      account,
    );
  }
  return { object: 'list', data: [], has_more: false, url: '/_emu/balance_transactions/seed', seeded: count };
}

function newestFirst<T extends StripeObject>(objects: T[]): T[] {
  return [...objects].reverse().sort((a, b) => (b.created as number) - (a.created as number));
}

function requireAccount(account: string | null, what: string): string {
  // Paylink's own platform account never has payouts in the sandbox: its balance is not modelled.
  if (!account) throw invalidParameter('Stripe-Account', `The sandbox keeps ${what} only on connected accounts.`);
  return account;
}

const PAYOUT_STATUSES = ['pending', 'in_transit', 'paid', 'failed', 'canceled'];

/** `GET /v1/payouts?status=`: the account's payouts, newest first. */
export function listPayouts(context: SandboxContext, params: Params, account: string | null) {
  const on = requireAccount(account, 'payouts');
  const status = optionalString(params, 'status');
  if (status && !PAYOUT_STATUSES.includes(status)) {
    throw invalidParameter('status', `Invalid status: must be one of ${PAYOUT_STATUSES.join(', ')}`);
  }
  const payouts = context.store.objectsOfKind<Payout>(
    'payout',
    (payout) => context.store.accountOf(payout.id) === on && (!status || payout.status === status),
  );
  return listPage(newestFirst(payouts), params, '/v1/payouts');
}

export function retrievePayout(context: SandboxContext, id: string, account: string | null): Payout {
  const payout = context.store.find<Payout>(id, account);
  if (!payout || payout.object !== 'payout') throw noSuchObject('payout', id);
  return payout;
}

/** `GET /v1/balance_transactions?payout=&type=`: the account's balance transactions, newest first. */
export function listBalanceTransactions(context: SandboxContext, params: Params, account: string | null) {
  const on = requireAccount(account, 'balance transactions');
  const payoutId = optionalString(params, 'payout');
  const type = optionalString(params, 'type');
  if (payoutId) {
    const payout = context.store.find<Payout>(payoutId, on);
    if (!payout || payout.object !== 'payout') throw noSuchObject('payout', payoutId, 'payout');
  }
  const transactions = context.store
    .objectsOfKind<BalanceTransaction>(
      'balance_transaction',
      (transaction) =>
        context.store.accountOf(transaction.id) === on &&
        (!payoutId || transaction.payout === payoutId) &&
        (!type || transaction.type === type),
    )
    // Objects stored before payouts existed read as Stripe shows them: not yet paid out.
    .map((transaction) => ({ ...transaction, payout: transaction.payout ?? null }));
  return listPage(newestFirst(transactions), params, '/v1/balance_transactions');
}
