/**
 * Applying Stripe's events to merchants. Each consumer handles an event id once (a redelivery or a
 * replay is skipped), and each write keeps the newest news only: Stripe sends events in no promised
 * order, so an older event arriving late changes nothing. What an event says is parsed before use, and
 * where it came from (which webhook endpoint) decides whether it may count at all.
 */
import type { StripeEvent, StripeFailure, StripePort, StripeSubscription } from './stripe-port';
import * as z from 'zod/mini';
import type { MerchantUpdatedDetail } from '@shared/contracts/realtime';
import { STRIPE_EVENT_SOURCES, type StripeEndpoint } from '@shared/contracts/stripe-event-sources';
import type { MerchantRepository } from './merchants';
import type { WorkClaims } from './one-time-records';
import { accountStatusOf } from './stripe-connection';
import { syncPlanWithStripe, type PlanBilling } from './subscription';
import type { Telemetry } from './telemetry';

/** How long an event id is remembered once applied; Stripe retries a delivery for up to three days. */
const REMEMBER_EVENTS_MS = 7 * 24 * 60 * 60 * 1000;
/** Added to a lease for clocks that differ a little between Lambda hosts. */
const CLOCK_SKEW_MS = 1_000;
/** The consumers' catalogue timeout: the lease when the caller has no Lambda context to ask. */
export const DEFAULT_LEASE_MS = 30_000;

/**
 * Thrown when another run holds a live claim on the event: it may still be working, or it may have been
 * killed. Failing (rather than answering "duplicate") makes EventBridge/Lambda retry later; by then the
 * other run has finished (the retry finds the event done) or its lease has ended (the retry takes over).
 */
export class EventInProgressError extends Error {
  constructor(readonly claimId: string) {
    super(`Another run is applying ${claimId}; retry after its lease ends`);
    this.name = 'EventInProgressError';
  }
}

/** Which claim a run takes: one per consumer and event id. */
export interface EventClaim {
  /** The consumer's name: each consumer applies an event once, whatever the others do with it. */
  consumer: string;
  eventId: string;
  claims: WorkClaims;
  telemetry: Telemetry;
  now: Date;
  /** How long this run can still take; the catalogue's timeout when there is no Lambda context. */
  leaseMs?: number;
}

/**
 * Runs `apply` once per (consumer, event id), surviving a run killed half-way.
 *
 * Why a lease of our own rather than @aws-lambda-powertools/idempotency: the claim already lives in the
 * `events` table through the OneTimeRecords pattern the rest of Paylink uses, the lease is two conditional
 * writes that dynalite runs exactly as DynamoDB does (no transactions needed), and it takes `now` from
 * the caller, so a crash "a minute ago" can be tested on the real store; Powertools would add a
 * dependency, its own record layout and a clock we cannot drive.
 *
 * The claim starts in progress with a lease that ends when this run must have ended (`leaseMs`: the
 * Lambda's remaining time), is marked done when `apply` succeeds (remembered for 7 days), and released
 * when `apply` throws (so the retry runs at once). A run killed after claiming leaves an in-progress claim
 * whose lease ends with its timeout; the next retry takes it over. `apply` must itself be safe to run
 * again (every write here is newest-wins or forward-only), since a run may die after its writes but before
 * marking the claim done.
 */
export async function oncePerEvent(
  { consumer, eventId, claims, telemetry, now, leaseMs = DEFAULT_LEASE_MS }: EventClaim,
  apply: () => Promise<void>,
): Promise<'applied' | 'duplicate'> {
  const id = `stripe-event#${consumer}#${eventId}`;
  const token = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + REMEMBER_EVENTS_MS);
  const leaseUntil = new Date(now.getTime() + leaseMs + CLOCK_SKEW_MS);
  const outcome = await claims.claim(id, { token, leaseUntil, expiresAt }, now);
  if (outcome === 'done') {
    // Stripe redelivers and replays: expected, counted, and harmless.
    telemetry.countDuplicateIgnored(consumer, eventId);
    telemetry.log.info('Stripe event already applied: duplicate ignored', { consumer });
    return 'duplicate';
  }
  if (outcome === 'in_progress') throw new EventInProgressError(id);
  try {
    await apply();
  } catch (error) {
    await claims.release(id, token);
    throw error;
  }
  await claims.complete(id, token, expiresAt);
  return 'applied';
}

/**
 * The envelope of a Stripe event: what the ingress checks before it publishes, and what each consumer
 * checks again on the bus event's `detail` before it reads anything. `data.object` is parsed further by
 * whoever reads it.
 */
export const stripeEventSchema = z.looseObject({
  id: z.string().check(z.startsWith('evt_'), z.maxLength(255)),
  object: z.literal('event'),
  type: z.string().check(z.minLength(1), z.maxLength(100)),
  created: z.number().check(z.int(), z.nonnegative()),
  livemode: z.boolean(),
  /** Set on events about a connected account's objects (the Connect endpoint's events). */
  account: z.nullish(z.string().check(z.startsWith('acct_'), z.maxLength(255))),
  data: z.looseObject({ object: z.looseObject({ id: z.optional(z.string().check(z.maxLength(255))) }) }),
});

/** Something a consumer chose not to act on, for the logs: a forged, misrouted or malformed event. */
export function logIgnoredEvent(reason: string, details: Record<string, unknown>, telemetry: Telemetry) {
  telemetry.countAnomaly(reason);
  telemetry.log.warn('Stripe event ignored', { reason, ...details });
}

/**
 * The Stripe event a bus event carries, if it is one and came through `endpoint`; otherwise logged and
 * undefined. A malformed detail is dropped, not retried: parsing it again cannot succeed, and only the
 * ingress (which parsed it with the same schema) may publish these sources, so one here is a bug or a
 * forgery to investigate from the log, not work to redo.
 */
export function stripeEventFrom(
  busEvent: { source?: unknown; detail?: unknown },
  endpoint: StripeEndpoint,
  telemetry: Telemetry,
): StripeEvent | undefined {
  const parsed = stripeEventSchema.safeParse(busEvent.detail);
  if (!parsed.success) {
    logIgnoredEvent('malformed', { issues: parsed.error.issues.slice(0, 5), source: busEvent.source }, telemetry);
    return undefined;
  }
  telemetry.appendStripeEventKeys(parsed.data);
  if (busEvent.source !== STRIPE_EVENT_SOURCES[endpoint]) {
    logIgnoredEvent(
      'wrong_endpoint',
      { eventId: parsed.data.id, source: busEvent.source, expected: endpoint },
      telemetry,
    );
    return undefined;
  }
  return parsed.data as unknown as StripeEvent;
}

const accountSchema = z.looseObject({
  id: z.string().check(z.startsWith('acct_')),
  charges_enabled: z.optional(z.boolean()),
  details_submitted: z.optional(z.boolean()),
});

/**
 * `account.updated`: the account is read again from Stripe rather than taken from the payload — two events
 * can share a `created` second and arrive in either order, so only a read says which state is the newest —
 * and what the read said is stored only if no later read has been stored (read times in milliseconds,
 * strictly newer wins).
 */
/**
 * Tells the merchant's open tabs that Stripe changed their connection or plan (Merchant Updated on the bus,
 * pushed to every open dashboard), so a tab left behind on a trip to Stripe updates (docs/decisions.md #87).
 * A push lost with a closed socket costs nothing: a tab reads both again when it regains focus.
 */
export type AnnounceMerchantUpdate = (merchantId: string, change: MerchantUpdatedDetail['change']) => Promise<void>;

export async function applyAccountUpdated(
  event: StripeEvent,
  deps: {
    merchants: MerchantRepository;
    stripe: Pick<StripePort, 'accounts'>;
    telemetry: Telemetry;
    now: () => Date;
    announce: AnnounceMerchantUpdate;
  },
): Promise<void> {
  const account = accountSchema.safeParse(event.data.object);
  if (!account.success) return logIgnoredEvent('malformed_account', { eventId: event.id }, deps.telemetry);
  const merchant = await deps.merchants.findByStripeAccount(event.account ?? account.data.id);
  if (!merchant?.stripeAccountId) return; // An account Paylink did not create (or a merchant since removed).
  const readAt = deps.now().getTime();
  const current = await deps.stripe.accounts.retrieve(merchant.stripeAccountId);
  await deps.merchants.recordStripeAccountStatus(merchant.merchantId, accountStatusOf(current), readAt);
  // Even when a later read was stored first (the returning tab's own status check): the other tabs still
  // have to hear of it.
  await deps.announce(merchant.merchantId, 'stripe_connection');
}

const idOrObject = z.pipe(
  z.union([z.string(), z.looseObject({ id: z.string() })]),
  z.transform((value: string | { id: string }) => (typeof value === 'string' ? value : value.id)),
);
const subscriptionRefSchema = z.looseObject({ id: z.string().check(z.startsWith('sub_')) });
const invoiceSchema = z.looseObject({
  parent: z.nullish(
    z.looseObject({ subscription_details: z.nullish(z.looseObject({ subscription: z.nullish(idOrObject) })) }),
  ),
});

/** Which subscription an event is about: the subscription itself, or the one an invoice belongs to. */
function subscriptionIdOf(event: StripeEvent): string | undefined {
  if (event.type.startsWith('customer.subscription.')) {
    return subscriptionRefSchema.safeParse(event.data.object).data?.id;
  }
  return invoiceSchema.safeParse(event.data.object).data?.parent?.subscription_details?.subscription ?? undefined;
}

/**
 * Keeps a merchant's plan current. The event only says which subscription changed: its owner is read back
 * from Stripe with Paylink's own key, so a forged or misdelivered payload (a merchant's own subscription on
 * their connected account, say) can name a subscription but never grant a plan; then the plan is read from
 * all of that customer's subscriptions (syncPlanWithStripe), so events about different subscriptions, in
 * any order, cannot overwrite one another.
 */
export async function applySubscriptionEvent(
  event: StripeEvent,
  deps: {
    merchants: MerchantRepository;
    retrieveSubscription(id: string): Promise<StripeSubscription>;
    billing: PlanBilling;
    telemetry: Telemetry;
    now: () => Date;
    announce: AnnounceMerchantUpdate;
  },
): Promise<void> {
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) return;
  let subscription: StripeSubscription;
  try {
    subscription = await deps.retrieveSubscription(subscriptionId);
  } catch (error) {
    if ((error as StripeFailure)?.code === 'resource_missing') {
      return logIgnoredEvent('unknown_subscription', { eventId: event.id, subscriptionId }, deps.telemetry);
    }
    throw error;
  }
  const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  // The customer Paylink created for the merchant; the metadata only helps while the index catches up,
  // and only if the merchant it names owns that very customer.
  let merchant = await deps.merchants.findByStripeCustomer(customerId);
  const named = subscription.metadata?.merchantId;
  if (!merchant && named) {
    const candidate = await deps.merchants.get(named);
    if (candidate?.stripeCustomerId === customerId) merchant = candidate;
  }
  if (!merchant) return logIgnoredEvent('unknown_customer', { eventId: event.id, subscriptionId }, deps.telemetry);
  // The time of the read, not of the event: what is recorded is Stripe's state as read now.
  const readAt = deps.now().getTime();
  await syncPlanWithStripe(merchant.merchantId, customerId, { ...deps, readAt });
  await deps.announce(merchant.merchantId, 'plan');
}
