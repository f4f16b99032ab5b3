/**
 * Stripe's test clocks (`/v1/test_helpers/test_clocks`), on the platform or a connected account: a frozen
 * time that customers (and so their subscriptions) are attached to, moved forward only by `advance`. An
 * advance runs every renewal, retry and cancellation due up to the new time, in order, with each event's
 * `created` at the moment it happened. Stripe's limits hold: the new time is later than the clock's, and no
 * more than two intervals past it for the clock's shortest subscription (two years with none). Stripe
 * advances in the background, so the advance answers `status: advancing` and the clock reads `ready` after.
 * docs/decisions.md #150.
 */
import type { ApiRequest, ApiRoute } from './api-route';
import { periodEndAfter } from './billing-periods';
import { type TestClock } from './clock-time';
import type { Customer } from './customers-and-prices';
import { optionalInteger, optionalString, type Params } from './form-params';
import { listPage } from './list-page';
import { snapshot, type SandboxContext } from './sandbox-context';
import { newId } from './sandbox-store';
import { invalidParameter, missingParameter, noSuchObject } from './stripe-error';
import { runBillingUntil } from './subscription-renewals';
import { recurringOf, type Subscription } from './subscriptions';

const DAY_SECONDS = 86_400;
/** Stripe deletes a test clock 30 days after it was made. */
const CLOCK_LIFETIME_SECONDS = 30 * DAY_SECONDS;

function retrieveClock(context: SandboxContext, id: string, account: string | null) {
  const clock = context.store.find<TestClock>(id, account);
  if (!clock || clock.object !== 'test_helpers.test_clock') throw noSuchObject('test_helpers.test_clock', id);
  return clock;
}

function subscriptionsOn(context: SandboxContext, clock: TestClock, account: string | null) {
  return context.store.objectsOfKind<Subscription>(
    'subscription',
    (subscription) => subscription.test_clock === clock.id && context.store.accountOf(subscription.id) === account,
  );
}

function createClock(context: SandboxContext, params: Params, account: string | null) {
  const frozenTime = optionalInteger(params, 'frozen_time');
  if (frozenTime === undefined) throw missingParameter('frozen_time');
  const customerId = optionalString(params, 'customer');
  const customer = customerId ? context.store.find<Customer>(customerId, account) : undefined;
  if (customerId && (!customer || customer.object !== 'customer')) {
    throw noSuchObject('customer', customerId, 'customer');
  }
  if (customer?.test_clock) {
    throw invalidParameter('customer', `Customer ${customerId} is already attached to a test clock.`);
  }
  const now = context.now();
  const clock: TestClock = {
    id: newId('clock', 24),
    object: 'test_helpers.test_clock',
    created: now,
    deletes_after: now + CLOCK_LIFETIME_SECONDS,
    frozen_time: frozenTime,
    livemode: false,
    name: optionalString(params, 'name') ?? null,
    status: 'ready',
    status_details: {},
  };
  context.store.put(clock, account);
  if (customer) {
    // The customer's subscriptions (and their invoices) keep time by the clock from now on.
    customer.test_clock = clock.id;
    for (const subscription of context.store.objectsOfKind<Subscription>(
      'subscription',
      (candidate) => candidate.customer === customer.id && context.store.accountOf(candidate.id) === account,
    )) {
      subscription.test_clock = clock.id;
    }
  }
  context.emit('test_helpers.test_clock.created', clock, { account });
  return clock;
}

/** The latest time the clock may be advanced to: two periods of its shortest subscription, or two years. */
function advanceLimit(context: SandboxContext, clock: TestClock, account: string | null) {
  const live = subscriptionsOn(context, clock, account).filter((subscription) => subscription.status !== 'canceled');
  if (live.length === 0) return periodEndAfter(clock.frozen_time, { interval: 'year', interval_count: 1 }, 2);
  return Math.min(...live.map((subscription) => periodEndAfter(clock.frozen_time, recurringOf(subscription), 2)));
}

function advanceClock(context: SandboxContext, clock: TestClock, params: Params, account: string | null) {
  const target = optionalInteger(params, 'frozen_time');
  if (target === undefined) throw missingParameter('frozen_time');
  if (target <= clock.frozen_time) {
    throw invalidParameter('frozen_time', 'The frozen_time must be after the test clock’s current frozen time.');
  }
  const limit = advanceLimit(context, clock, account);
  if (target > limit) {
    throw invalidParameter(
      'frozen_time',
      `Cannot advance more than two intervals in the future from the shortest subscription in this test clock (at most ${limit}).`,
    );
  }
  Object.assign(clock, { status: 'advancing', status_details: { advancing: { target_frozen_time: target } } });
  const answer = snapshot(clock);
  context.emit('test_helpers.test_clock.advancing', clock, { account, at: clock.frozen_time });
  const subscriptions = subscriptionsOn(context, clock, account).map((subscription) => ({ subscription, account }));
  runBillingUntil(context, subscriptions, target);
  Object.assign(clock, { frozen_time: target, status: 'ready', status_details: {} });
  context.emit('test_helpers.test_clock.ready', clock, { account, at: target });
  return answer;
}

function listClocks(context: SandboxContext, params: Params, account: string | null) {
  const clocks = context.store
    .objectsOfKind<TestClock>('test_helpers.test_clock', (clock) => context.store.accountOf(clock.id) === account)
    .reverse();
  return listPage(clocks, params, '/v1/test_helpers/test_clocks');
}

export function testClockRoutes(context: SandboxContext): ApiRoute[] {
  const clockOf = (request: ApiRequest) => retrieveClock(context, request.match[1]!, request.account);
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/test_helpers\/test_clocks$/,
      handle: ({ params, account }) => createClock(context, params, account),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/test_helpers\/test_clocks$/,
      handle: ({ params, account }) => listClocks(context, params, account),
    },
    { method: 'GET', pattern: /^\/v1\/test_helpers\/test_clocks\/([^/]+)$/, handle: clockOf },
    {
      method: 'DELETE',
      pattern: /^\/v1\/test_helpers\/test_clocks\/([^/]+)$/,
      handle: (request) => {
        const clock = clockOf(request);
        context.store.remove(clock.id);
        context.emit('test_helpers.test_clock.deleted', clock, { account: request.account });
        return { id: clock.id, object: 'test_helpers.test_clock', deleted: true };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/test_helpers\/test_clocks\/([^/]+)\/advance$/,
      handle: (request) => advanceClock(context, clockOf(request), request.params, request.account),
    },
  ];
}
