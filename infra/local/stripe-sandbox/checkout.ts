/**
 * Checkout Sessions: creating one (on the merchant's connected account, the `Stripe-Account` header,
 * since Paylink makes direct charges), and its expiry. What paying one creates: checkout-payment.ts.
 */
import { customFieldsFrom, phoneCollectionFrom, type SessionCustomField } from './checkout-questions';
import type { Account } from './connect-accounts';
import { createPrice, retrieve, type Customer, type Price } from './billing';
import { listParam, metadataParam, optionalInteger, optionalString, requiredString, type Params } from './form-params';
import type { SandboxContext } from './sandbox-context';
import { newId, type CheckoutSetup, type StripeObject } from './sandbox-store';
import { StripeApiError, invalidParameter, missingParameter } from './stripe-error';

/** Stripe's minimum charge in NZD (50 cents). */
export const MINIMUM_AMOUNT = 50;
const SESSION_LIFETIME_SECONDS = 86_400;
const MIN_SESSION_LIFETIME_SECONDS = 1_800;
/** Stripe's bound on one-time prices beside the recurring ones in subscription mode. */
const MAX_ONE_TIME_SUBSCRIPTION_LINES = 20;

export interface CheckoutSession extends StripeObject {
  object: 'checkout.session';
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string | null;
  customer: string | null;
  customer_email: string | null;
  payment_intent: string | null;
  subscription: string | null;
  invoice: string | null;
  expires_at: number;
  /** Whether the page asks the payer's full name, and whether they may leave it blank. */
  name_collection: { individual: { enabled: boolean; optional: boolean } } | null;
  /** The questions Checkout asks, each with the payer's answer once paid (checkout-questions.ts). */
  custom_fields: SessionCustomField[];
  phone_number_collection: { enabled: boolean };
  /** The business's own words Checkout shows beside the pay button (Stripe: `custom_text.submit.message`). */
  custom_text: { submit: { message: string } | null };
}

/** Stripe's limit on a custom text's message. */
const MAX_CUSTOM_TEXT_LENGTH = 1200;

function submitMessageFrom(params: Params): { message: string } | null {
  const message = optionalString(params, 'custom_text[submit][message]');
  if (message === undefined || message === '') return null;
  if (message.length > MAX_CUSTOM_TEXT_LENGTH) {
    throw invalidParameter(
      'custom_text[submit][message]',
      `Custom text may be at most ${MAX_CUSTOM_TEXT_LENGTH} characters.`,
    );
  }
  return { message };
}

function lineItemsFrom(context: SandboxContext, params: Params, mode: string, account: string | null) {
  const entries = listParam(params, 'line_items');
  if (entries.length === 0) throw missingParameter('line_items');
  const items = entries.map((_entry, index) => {
    const prefix = `line_items[${index}]`;
    const quantity = optionalInteger(params, `${prefix}[quantity]`) ?? 1;
    if (quantity < 1) throw invalidParameter(`${prefix}[quantity]`, 'Quantity must be at least 1.');
    const priceId = optionalString(params, `${prefix}[price]`);
    const price = priceId
      ? retrieve<Price>(context, 'price', priceId, account)
      : createPrice(context, params, `${prefix}[price_data]`, account);
    if (mode === 'payment' && price.recurring) {
      throw invalidParameter(
        `${prefix}[price_data][recurring]`,
        'You must use `mode=subscription` for a recurring price.',
        'parameter_invalid_empty',
      );
    }
    const amount = price.unit_amount * quantity;
    return {
      id: newId('li', 24),
      object: 'item',
      amount_subtotal: amount,
      amount_total: amount,
      currency: price.currency,
      description: (context.store.find(price.product, account)?.name as string | undefined) ?? null,
      price,
      quantity,
    };
  });
  if (mode === 'subscription') checkSubscriptionLines(items);
  return items;
}

/**
 * Subscription mode takes one-time prices beside the recurring one; Stripe bills them on the first invoice
 * only (its API reference, Create a Checkout Session, `line_items`: "For subscription mode, there is a maximum
 * of 20 line items with recurring Prices and 20 line items with one-time Prices. Line items with one-time
 * Prices will be on the initial invoice only."). The sandbox's subscriptions bill one recurring price.
 */
function checkSubscriptionLines(items: { price: Price }[]) {
  const recurring = items.filter((item) => item.price.recurring);
  if (recurring.length === 0) {
    throw invalidParameter(
      'line_items',
      'You must specify at least one recurring price in `subscription` mode when using prices.',
    );
  }
  if (recurring.length > 1) {
    throw invalidParameter('line_items', 'The sandbox bills one recurring price per subscription.');
  }
  if (items.length - recurring.length > MAX_ONE_TIME_SUBSCRIPTION_LINES) {
    throw invalidParameter('line_items', 'A subscription Checkout takes at most 20 one-time prices.');
  }
  const currencies = new Set(items.map((item) => item.price.currency));
  if (currencies.size > 1) {
    throw invalidParameter('line_items', 'All prices on a Checkout Session must be in the same currency.');
  }
}

/** `name_collection[individual][enabled]` and `[optional]` (Stripe's default: optional = false). */
function nameCollectionFrom(params: Params): CheckoutSession['name_collection'] {
  const flag = (name: string) => optionalString(params, `name_collection[individual][${name}]`);
  if (flag('enabled') !== 'true') return null;
  return { individual: { enabled: true, optional: flag('optional') === 'true' } };
}

/** Whether Checkout refuses to complete without the payer's name. */
export function requiresName(session: CheckoutSession): boolean {
  const individual = session.name_collection?.individual;
  return Boolean(individual?.enabled && !individual.optional);
}

export function createCheckoutSession(context: SandboxContext, params: Params, account: string | null) {
  const mode = requiredString(params, 'mode');
  if (mode !== 'payment' && mode !== 'subscription') {
    throw invalidParameter('mode', 'The sandbox supports mode=payment and mode=subscription.');
  }
  const successUrl = requiredString(params, 'success_url');
  const lineItems = lineItemsFrom(context, params, mode, account);
  const amountTotal = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  const currency = lineItems[0]!.currency;
  const applicationFeeAmount = optionalInteger(params, 'payment_intent_data[application_fee_amount]') ?? null;

  if (account) {
    const merchant = context.store.find<Account>(account, null);
    if (!merchant?.charges_enabled) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `The account ${account} cannot take payments yet: its onboarding is not complete (charges_enabled is false).`,
        'account_invalid',
      );
    }
  }
  if (mode === 'payment') {
    if (amountTotal < MINIMUM_AMOUNT) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `The Checkout Session's total amount due must add up to at least $0.50 ${currency}`,
        'amount_too_small',
        'line_items[0][price_data][unit_amount]',
      );
    }
    if (applicationFeeAmount !== null) {
      const feeParam = 'payment_intent_data[application_fee_amount]';
      if (!account && !optionalString(params, 'payment_intent_data[transfer_data][destination]')) {
        throw invalidParameter(
          feeParam,
          'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
        );
      }
      if (applicationFeeAmount < 0 || applicationFeeAmount > amountTotal) {
        throw invalidParameter(
          feeParam,
          `The application fee (${applicationFeeAmount}) must be between 0 and the total amount (${amountTotal}).`,
          'parameter_invalid_integer',
        );
      }
    }
  }

  const customerId = optionalString(params, 'customer') ?? null;
  if (customerId) retrieve<Customer>(context, 'customer', customerId, account);
  const created = context.now();
  const expiresAt = optionalInteger(params, 'expires_at') ?? created + SESSION_LIFETIME_SECONDS;
  // Stripe's own bounds: at least 30 minutes and at most 24 hours after the session is created.
  if (expiresAt < created + MIN_SESSION_LIFETIME_SECONDS || expiresAt > created + SESSION_LIFETIME_SECONDS) {
    throw invalidParameter(
      'expires_at',
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
    );
  }
  const id = newId('cs_test', 58);
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    mode,
    status: 'open',
    payment_status: 'unpaid',
    amount_subtotal: amountTotal,
    amount_total: amountTotal,
    currency,
    url: `${context.baseUrl}/checkout/${id}`,
    success_url: successUrl,
    cancel_url: optionalString(params, 'cancel_url') ?? null,
    metadata: metadataParam(params, 'metadata'),
    client_reference_id: optionalString(params, 'client_reference_id') ?? null,
    customer: customerId,
    customer_details: null,
    customer_email: optionalString(params, 'customer_email') ?? null,
    payment_intent: null,
    subscription: null,
    invoice: null,
    expires_at: expiresAt,
    name_collection: nameCollectionFrom(params),
    custom_fields: customFieldsFrom(params),
    phone_number_collection: phoneCollectionFrom(params),
    custom_text: { submit: submitMessageFrom(params) },
    created,
    livemode: false,
  };
  const setup: CheckoutSetup = {
    lineItems,
    paymentIntentData: {
      applicationFeeAmount,
      metadata: metadataParam(params, 'payment_intent_data[metadata]'),
      description: optionalString(params, 'payment_intent_data[description]') ?? null,
    },
    subscriptionData: {
      ...subscriptionTrialFrom(params, created),
      metadata: metadataParam(params, 'subscription_data[metadata]'),
      applicationFeePercent: applicationFeePercentFrom(params, mode, account),
    },
  };
  context.store.putCheckoutSetup(id, setup);
  return context.store.put(session, account);
}

/**
 * `subscription_data[application_fee_percent]`: the platform's share of every invoice of a subscription on a
 * connected account, a decimal from 0 to 100 (Stripe's bounds). Subscription mode takes its fee here only:
 * Stripe refuses `payment_intent_data` there.
 */
function applicationFeePercentFrom(params: Params, mode: string, account: string | null): number | null {
  if (mode === 'subscription' && params.payment_intent_data !== undefined) {
    throw invalidParameter('payment_intent_data', 'You can not pass `payment_intent_data` in `subscription` mode.');
  }
  const param = 'subscription_data[application_fee_percent]';
  const raw = optionalString(params, param);
  if (raw === undefined) return null;
  const percent = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || percent > 100) {
    throw invalidParameter(param, 'application_fee_percent must be a number from 0 to 100.', 'parameter_invalid_float');
  }
  if (!account) {
    throw invalidParameter(
      param,
      'Can only apply an application_fee_percent when the subscription is on a connected account (the Stripe-Account header).',
    );
  }
  return percent;
}

/** A subscription's trial as Stripe's Checkout takes it: days, or an end at least 48 hours away, not both. */
function subscriptionTrialFrom(params: Params, now: number) {
  const trialPeriodDays = optionalInteger(params, 'subscription_data[trial_period_days]') ?? null;
  const trialEnd = optionalInteger(params, 'subscription_data[trial_end]') ?? null;
  if (trialPeriodDays !== null && trialEnd !== null) {
    throw invalidParameter(
      'subscription_data[trial_end]',
      'You may only specify one of trial_end and trial_period_days.',
    );
  }
  if (trialEnd !== null && trialEnd < now + 48 * 60 * 60) {
    throw invalidParameter('subscription_data[trial_end]', 'trial_end must be at least 48 hours in the future.');
  }
  return { trialPeriodDays, trialEnd };
}

/**
 * Expires every open session past its `expires_at` now (each sends `checkout.session.expired` once), as
 * Stripe's own sweeper does: the server runs it on a timer, and a read does the same for one session.
 */
export function sweepExpiredSessions(context: SandboxContext): number {
  const due = context.store.objectsOfKind<CheckoutSession>(
    'checkout.session',
    (session) => session.status === 'open' && session.expires_at <= context.now(),
  );
  for (const session of due) refreshExpiry(context, session, context.store.accountOf(session.id) ?? null);
  return due.length;
}

/** The `/_emu/` control: the session's time is up now (expired and its event sent), whatever its `expires_at`. */
export function timeOutSession(context: SandboxContext, session: CheckoutSession, account: string | null) {
  if (session.status !== 'open') {
    throw invalidParameter('session', `Only open Checkout Sessions can time out; this one is ${session.status}.`);
  }
  session.expires_at = context.now();
  return refreshExpiry(context, session, account);
}

/** Sessions past `expires_at` become expired when next looked at, as if Stripe's sweeper had run. */
export function refreshExpiry(context: SandboxContext, session: CheckoutSession, account: string | null) {
  if (session.status === 'open' && session.expires_at <= context.now()) expireSession(context, session, account);
  return session;
}

export function expireSession(context: SandboxContext, session: CheckoutSession, account: string | null) {
  if (session.status !== 'open') {
    throw invalidParameter('session', `Only open Checkout Sessions can be expired; this one is ${session.status}.`);
  }
  session.status = 'expired';
  context.emit('checkout.session.expired', session, { account });
  return session;
}
