/**
 * What Paylink's rules ask of Stripe, and the parts of Stripe's objects they read — nothing more.
 *
 * The rules never import the Stripe SDK: its client reaches them as a `StripePort`, as the stores reach
 * them as repositories. The port keeps the SDK's own names and argument order, so the SDK's client is one
 * as it is (functions/adapters/stripe-client.ts checks that at compile time), and a test can hand in
 * anything that answers the same. A field the rules start to read is added here first.
 */

/** Which connected account a call acts on, and the key that makes a retried request the same one. */
export interface StripeRequestOptions {
  stripeAccount?: string;
  idempotencyKey?: string;
}

/** Stripe's own expansion and listing parameters, where the rules use them. */
interface RetrieveParams {
  expand?: string[];
}

type Metadata = Record<string, string>;
/** A reference Stripe sends as an id, or as the object when expanded. */
type IdOrObject = string | { id: string };

/* ---------------------------------------------------------------- what Stripe answers */

export interface StripeCheckoutSession {
  id: string;
  url: string | null;
  /** open, complete or expired (Stripe may add others: an unknown one is left pending). */
  status: string | null;
  /** paid, unpaid or no_payment_required. */
  payment_status: string;
  amount_total: number | null;
  currency: string | null;
  metadata: Metadata | null;
  customer_details: { name: string | null; email: string | null; phone?: string | null } | null;
  customer_email: string | null;
  /**
   * The names Checkout's `name_collection` asked for (Stripe's API reference, Checkout Session
   * `collected_information`): the individual's full name and the business's name.
   */
  collected_information?: { individual_name?: string | null; business_name?: string | null } | null;
  payment_intent: IdOrObject | null;
  /** Subscription mode only: the subscription the session started and its first invoice (no payment intent). */
  subscription?: IdOrObject | null;
  invoice?: IdOrObject | null;
  /** The questions asked on Checkout, each with the payer's answer once they gave one. */
  custom_fields?: StripeCustomFieldAnswer[];
}

/** A custom field on a session: the answer is in the part its `type` names (a choice by its `value`). */
export interface StripeCustomFieldAnswer {
  key: string;
  type: string;
  label: { custom: string | null };
  text?: { value?: string | null } | null;
  numeric?: { value?: string | null } | null;
  dropdown?: { value?: string | null; options: Array<{ label: string; value: string }> } | null;
}

export interface StripePaymentIntent {
  id: string;
  /** processing while a delayed method (a bank debit) is with the bank; then succeeded, or requires_payment_method. */
  status: string;
  metadata: Metadata;
  last_payment_error?: { message?: string } | null;
  /** With `expand: ['latest_charge.balance_transaction']`, the charge and its fees. */
  latest_charge: string | StripeCharge | null;
}

export interface StripeCharge {
  /** Present on every charge Stripe answers (optional only for the tests' hand-made ones). */
  id?: string;
  /** When the card was charged (Unix seconds): the receipt's date (docs/decisions.md #122). */
  created?: number;
  receipt_url: string | null;
  payment_method_details: { type: string; card?: { brand: string | null; last4: string | null } | null } | null;
  balance_transaction: string | { fee_details: Array<{ type: string; amount: number }> } | null;
}

export interface StripeRefund {
  id: string;
  amount: number;
  currency: string;
  status: string | null;
  reason: string | null;
  failure_reason?: string | null;
  created: number;
  metadata: Metadata | null;
}

export interface StripeDispute {
  id: string;
  status: string;
  reason: string;
  amount: number;
  currency: string;
  evidence_details: { due_by: number | null } | null;
  created: number;
}

export interface StripeAccount {
  id: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  capabilities?: { card_payments?: string } | null;
  requirements?: { currently_due: string[] | null } | null;
}

export interface StripeSubscription {
  id: string;
  status: string;
  customer: IdOrObject;
  metadata: Metadata;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  ended_at: number | null;
  created: number;
  /** Where its periods are counted from: each period begins a whole number of intervals after it. */
  billing_cycle_anchor: number;
  /** In this API version the billing period lives on the items. */
  items: { data: Array<{ current_period_start: number; current_period_end: number }> };
  /** Why it ended or will end (Stripe: `cancellation_details.reason`, and our own `comment`). */
  cancellation_details?: { reason?: string | null; comment?: string | null } | null;
}

/**
 * A subscription's invoice on a connected account (a recurring link's period, docs/decisions.md #156). In this
 * API version its subscription is under `parent.subscription_details` and its payments in `invoice_payments`.
 */
export interface StripeInvoice {
  id: string;
  /** draft, open, paid, uncollectible or void. */
  status: string | null;
  amount_paid: number;
  currency: string;
  /** subscription_create (the Checkout's first period), subscription_cycle (a renewal)… */
  billing_reason: string | null;
  customer: IdOrObject | null;
  customer_email?: string | null;
  customer_name?: string | null;
  /** Unix seconds of Stripe's next retry; null when no retry is left. */
  next_payment_attempt: number | null;
  attempt_count: number;
  parent: { subscription_details?: { subscription?: IdOrObject | null } | null } | null;
}

/** One payment of an invoice: the payment intent that paid it. */
export interface StripeInvoicePayment {
  payment: { payment_intent?: IdOrObject | null; charge?: IdOrObject | null };
  status: string;
}

/** A payout of a connected account's balance to its bank (docs/decisions.md #56). */
export interface StripePayout {
  id: string;
  amount: number;
  currency: string;
  /** pending, in_transit, paid, failed or canceled. */
  status: string;
  arrival_date: number;
  created: number;
  failure_message?: string | null;
}

/** One movement of a connected account's balance; `source` expanded where the rules ask for it. */
export interface StripeBalanceTransaction {
  id: string;
  amount: number;
  fee: number;
  net: number;
  currency: string;
  type: string;
  created: number;
  fee_details: Array<{ type: string; amount: number }>;
  source: string | { id: string; object: string } | null;
}

/** A webhook event as the ingress checked it: the object is read by the consumer that knows its type. */
export interface StripeEvent {
  id: string;
  type: string;
  /** The connected account it happened on; absent for Paylink's own account. */
  account?: string | null;
  created: number;
  data: { object: unknown };
}

/**
 * An event's object, as the event's type (which the caller has switched on) says it is: Stripe signed the
 * event, and the ingress checked that before it reached the bus.
 */
export function objectOf<T>(event: StripeEvent): T {
  return event.data.object as T;
}

/** The shape of the SDK's errors (`Stripe…Error`), which the rules tell apart by type and code. */
export interface StripeFailure extends Error {
  type: string;
  code?: string;
  statusCode?: number;
  requestId?: string;
}

/* ---------------------------------------------------------------- what the rules ask */

interface CheckoutLineItem {
  quantity: number;
  price_data: {
    currency: string;
    unit_amount: number;
    product_data: { name: string };
    recurring?: { interval: 'week' | 'month' | 'year'; interval_count?: number };
  };
}

export interface CheckoutSessionRequest {
  mode: 'payment' | 'subscription';
  line_items: CheckoutLineItem[];
  customer?: string;
  metadata: Metadata;
  client_reference_id?: string;
  payment_intent_data?: { application_fee_amount: number; metadata: Metadata };
  subscription_data?: {
    metadata: Metadata;
    trial_period_days?: number;
    /** Paylink's share of every invoice on a connected account (Stripe: a percent, up to two decimals). */
    application_fee_percent?: number;
    /** What Checkout shows under the price (a recurring link's terms). */
    description?: string;
  };
  /** Checkout's own words beside the pay button (Stripe: `custom_text.submit.message`). */
  custom_text?: { submit?: { message: string } };
  /** Checkout asks the payer's full name; `optional: false` makes it required. */
  name_collection?: { individual: { enabled: boolean; optional?: boolean } };
  /** Up to 3 questions Checkout asks the payer; keys and choice values are letters and digits. */
  custom_fields?: Array<{
    key: string;
    type: 'text' | 'numeric' | 'dropdown';
    label: { type: 'custom'; custom: string };
    optional: boolean;
    dropdown?: { options: Array<{ label: string; value: string }> };
  }>;
  /** Checkout asks the payer's phone number (always required when enabled). */
  phone_number_collection?: { enabled: boolean };
  /** Unix seconds; Stripe accepts 30 minutes to 24 hours after creation (its default is 24 hours). */
  expires_at?: number;
  success_url: string;
  cancel_url: string;
}

export interface RefundRequest {
  payment_intent: string;
  amount: number;
  reason?: 'duplicate' | 'fraudulent' | 'requested_by_customer';
  refund_application_fee: boolean;
  metadata: Metadata;
}

export interface AccountRequest {
  country: string;
  email: string;
  controller: {
    stripe_dashboard: { type: 'full' };
    fees: { payer: 'account' };
    losses: { payments: 'stripe' };
  };
  business_profile: { name?: string };
  metadata: Metadata;
}

/** Stripe, as far as Paylink's rules use it (the SDK's names). */
/** What a billing portal configuration offers (Stripe's `POST /v1/billing_portal/configurations`). */
export interface PortalConfigurationParams {
  business_profile: { headline: string };
  default_return_url: string;
  features: {
    customer_update: { enabled: false };
    invoice_history: { enabled: boolean };
    payment_method_update: { enabled: boolean };
    subscription_cancel: { enabled: boolean; mode: 'at_period_end' | 'immediately'; proration_behavior: 'none' };
    subscription_update: { enabled: false };
  };
  metadata: Metadata;
}

export interface StripePort {
  checkout: {
    sessions: {
      create(params: CheckoutSessionRequest, options?: StripeRequestOptions): Promise<StripeCheckoutSession>;
      retrieve(id: string, params: RetrieveParams, options: StripeRequestOptions): Promise<StripeCheckoutSession>;
      expire(id: string, params: RetrieveParams, options: StripeRequestOptions): Promise<StripeCheckoutSession>;
    };
  };
  refunds: {
    create(params: RefundRequest, options: StripeRequestOptions): Promise<StripeRefund>;
    /** Every page of them, as the SDK's auto-pagination walks it. */
    list(params: { payment_intent: string; limit: number }, options: StripeRequestOptions): AsyncIterable<StripeRefund>;
  };
  payouts: {
    retrieve(id: string, params: RetrieveParams, options: StripeRequestOptions): Promise<StripePayout>;
    /** Every page of them, as the SDK's auto-pagination walks it. */
    list(
      params: { created: { gte: number }; limit: number },
      options: StripeRequestOptions,
    ): AsyncIterable<StripePayout>;
  };
  balanceTransactions: {
    /**
     * One page of a payout's balance transactions, newest first; `starting_after` the last id of the page
     * before. Read a page at a time, so a recording can stop after any page and resume there.
     */
    list(
      params: { payout: string; limit: number; expand: string[]; starting_after?: string },
      options: StripeRequestOptions,
    ): PromiseLike<{ data: StripeBalanceTransaction[]; has_more: boolean }>;
  };
  disputes: {
    retrieve(id: string, params: RetrieveParams, options: StripeRequestOptions): Promise<StripeDispute>;
  };
  accounts: {
    create(params: AccountRequest, options: StripeRequestOptions): Promise<StripeAccount>;
    retrieve(id: string): Promise<StripeAccount>;
  };
  accountLinks: {
    create(params: {
      account: string;
      type: 'account_onboarding';
      refresh_url: string;
      return_url: string;
    }): Promise<{ url: string }>;
  };
  customers: {
    create(
      params: { email: string; name: string; metadata: Metadata },
      options: StripeRequestOptions,
    ): Promise<{ id: string }>;
  };
  subscriptions: {
    retrieve(id: string, params?: RetrieveParams, options?: StripeRequestOptions): Promise<StripeSubscription>;
    list(params: { customer: string; status: 'all'; limit: number }): AsyncIterable<StripeSubscription>;
    cancel(
      id: string,
      params?: { cancellation_details?: { comment: string } },
      options?: StripeRequestOptions,
    ): Promise<StripeSubscription>;
    update(
      id: string,
      params: { cancel_at_period_end: boolean; cancellation_details?: { comment: string } },
      options: StripeRequestOptions,
    ): Promise<StripeSubscription>;
  };
  invoices: {
    retrieve(id: string, params: RetrieveParams, options: StripeRequestOptions): Promise<StripeInvoice>;
  };
  invoicePayments: {
    list(
      params: { invoice: string; limit: number },
      options: StripeRequestOptions,
    ): PromiseLike<{ data: StripeInvoicePayment[] }>;
  };
  /** Names the Paylink payment on a renewal's intent and charge, as Checkout's metadata does for one-off payments. */
  paymentIntents: {
    retrieve(id: string, params: RetrieveParams, options: StripeRequestOptions): Promise<StripePaymentIntent>;
    update(id: string, params: { metadata: Metadata }, options: StripeRequestOptions): Promise<{ id: string }>;
  };
  charges: {
    update(id: string, params: { metadata: Metadata }, options: StripeRequestOptions): Promise<{ id: string }>;
  };
  billingPortal: {
    sessions: {
      create(
        params: { customer: string; return_url: string; configuration?: string },
        options?: StripeRequestOptions,
      ): Promise<{ url: string }>;
    };
    /** The payer's portal on a connected account (docs/decisions.md #253): subscription-manage.ts. */
    configurations: {
      create(params: PortalConfigurationParams, options: StripeRequestOptions): Promise<{ id: string }>;
    };
  };
}
