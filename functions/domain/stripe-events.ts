/**
 * Applying Stripe's events to merchants. Each consumer handles an event id once (a redelivery or a
 * replay is skipped), and each write keeps the newest news only: Stripe sends events in no promised
 * order, so an older event arriving late changes nothing.
 */
import type Stripe from 'stripe';
import type { MerchantRepository } from './merchants';
import type { OneTimeRecords } from './one-time-records';
import { accountStatusOf } from './stripe-connection';
import { merchantSubscriptionOf } from './subscription';

/** How long an event id is remembered; Stripe retries a delivery for up to three days. */
const REMEMBER_EVENTS_MS = 7 * 24 * 60 * 60 * 1000;

/** Runs `apply` once per (consumer, event id); if it fails, the claim is released so the retry can run it. */
export async function oncePerEvent(
  consumer: string,
  eventId: string,
  records: OneTimeRecords,
  now: Date,
  apply: () => Promise<void>,
): Promise<'applied' | 'duplicate'> {
  const id = `stripe-event#${consumer}#${eventId}`;
  if (!(await records.claim(id, new Date(now.getTime() + REMEMBER_EVENTS_MS), now))) return 'duplicate';
  try {
    await apply();
    return 'applied';
  } catch (error) {
    await records.consume(id, now);
    throw error;
  }
}

export async function applyAccountUpdated(event: Stripe.Event, merchants: MerchantRepository): Promise<void> {
  const account = event.data.object as Stripe.Account;
  const merchant = await merchants.findByStripeAccount(event.account ?? account.id);
  if (!merchant) return; // An account Paylink did not create (or a merchant since removed): nothing to keep current.
  await merchants.recordStripeAccountStatus(merchant.merchantId, accountStatusOf(account), event.created);
}

export async function applySubscriptionEvent(
  event: Stripe.Event,
  deps: { merchants: MerchantRepository; retrieveSubscription(id: string): Promise<Stripe.Subscription> },
): Promise<void> {
  let subscription: Stripe.Subscription | undefined;
  if (event.type.startsWith('customer.subscription.')) {
    subscription = event.data.object as Stripe.Subscription;
  } else {
    // An invoice says a payment happened or failed; the subscription it belongs to says what that means now.
    const invoice = event.data.object as Stripe.Invoice;
    const subscriptionId = invoice.parent?.subscription_details?.subscription;
    if (!subscriptionId) return;
    subscription = await deps.retrieveSubscription(
      typeof subscriptionId === 'string' ? subscriptionId : subscriptionId.id,
    );
  }
  const merchantId = subscription.metadata?.merchantId;
  const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const merchant =
    (merchantId && (await deps.merchants.get(merchantId))) || (await deps.merchants.findByStripeCustomer(customerId));
  if (!merchant) return;
  await deps.merchants.recordSubscription(merchant.merchantId, merchantSubscriptionOf(subscription), event.created);
}
