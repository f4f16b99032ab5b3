/**
 * A payer who subscribes to a merchant's recurring link as a person does — the link made through the API, paid
 * on the sandbox's hosted Checkout in subscription mode — and the ways a test then moves their subscription on
 * the Stripe sandbox: a test clock on its customer (Stripe's `customer` parameter moves a subscription paid the
 * usual way onto it), advanced a period at a time; the customer's card swapped; the sandbox's events about it,
 * for a test to deliver again. Shared by the recurring integration test and the webhook storm.
 */
import type Stripe from 'stripe';
import type { RepeatSchedule } from '@shared/recurring';
import type { TestMerchant, TestRuntime } from '@tests/integration/harness';
import { paymentRow } from '@tests/support/stored-rows';

export const DAY_SECONDS = 86_400;
export const WEEK_SECONDS = 7 * DAY_SECONDS;
/** Stripe's test card that attaches to a customer and then declines every charge. */
export const DECLINES_AFTER_ATTACHING = '4000000000000341';
export const PAYS = '4242424242424242';

/** The subscription and invoice events Paylink's recurring consumer reads (functions/catalog/subscribers.ts). */
export const RECURRING_EVENT_TYPES = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
];

export interface RecurringPayer {
  email: string;
  linkId: string;
  /** The Checkout's payment: the first period's. */
  paymentId: string;
  account: string;
  subscriptionId: string;
  customerId: string;
  /** The clock's time now (Unix seconds): the subscription's start until advanced. */
  clockTime(): number;
  /** Moves the clock `seconds` on (at most two periods at once, Stripe's limit) and waits for Paylink. */
  advance(seconds: number): Promise<void>;
  /** Gives the customer a new default card, as an update in the billing portal would. */
  useCard(cardNumber: string): Promise<void>;
  subscription(): Promise<Stripe.Subscription>;
  /** The sandbox's events about this subscription and its invoices that the recurring consumer reads. */
  events(): Promise<Stripe.Event[]>;
}

let payers = 0;

export async function subscribeThroughLink(
  env: TestRuntime,
  merchant: TestMerchant,
  options: { title: string; repeat?: RepeatSchedule; tip?: 'none' | 'percent' },
): Promise<RecurringPayer> {
  payers += 1;
  const email = `payer-${payers}-${Date.now()}@example.co.nz`;
  const link = await env.createLink(merchant, {
    title: options.title,
    isOpenAmount: false,
    amountCents: 2500,
    tipPercent: 10,
    repeat: options.repeat ?? { every: 'week', payments: null },
  });
  const { paymentId } = await env.payLink(link.linkId, {
    tip: options.tip ?? 'none',
    payer: { email, name: `Payer ${payers}` },
  });
  const row = await paymentRow(env, paymentId);
  const account = row.stripeAccountId;
  const onAccount = { stripeAccount: account };
  const session = await env.stripe.checkout.sessions.retrieve(row.checkoutSessionId!, {}, onAccount);
  const subscriptionId = String(session.subscription);
  const customerId = String(session.customer);
  const started = await env.stripe.subscriptions.retrieve(subscriptionId, {}, onAccount);
  let frozenTime = started.start_date;
  const clock = await env.stripe.testHelpers.testClocks.create(
    { frozen_time: frozenTime, customer: customerId },
    onAccount,
  );
  return {
    email,
    linkId: link.linkId,
    paymentId,
    account,
    subscriptionId,
    customerId,
    clockTime: () => frozenTime,
    async advance(seconds) {
      frozenTime += seconds;
      await env.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: frozenTime }, onAccount);
      await env.settle();
    },
    async useCard(cardNumber) {
      await env.sandboxControl(`/_emu/customers/${customerId}/card`, { card_number: cardNumber });
    },
    subscription: () => env.stripe.subscriptions.retrieve(subscriptionId, {}, onAccount),
    async events() {
      const listed = (await (await fetch(`${env.runtime.stripe.url}/_emu/events`)).json()) as { data: Stripe.Event[] };
      return listed.data.filter((event) => {
        if (event.account !== account || !RECURRING_EVENT_TYPES.includes(event.type)) return false;
        const object = event.data.object as { id: string; parent?: Stripe.Invoice['parent'] };
        return object.id === subscriptionId || object.parent?.subscription_details?.subscription === subscriptionId;
      });
    },
  };
}
