/**
 * The catalogue: every backend function Paylink has, with everything that wires it up — its entry file,
 * HTTP routes, WebSocket routes, event rules, schedule, Cognito trigger, and the tables and secrets it
 * may touch. The cloud stack (infra/stack.ts) and the local runtime (infra/local/) are both built from
 * this list and nothing else, and tests/infra/parity.test.ts proves they agree.
 *
 * Adding a feature = a handler file + an entry in its area's part under `catalog/` (+ a screen). Nothing
 * else needs to know. This file is the one place anything imports the catalogue from; the parts are kept
 * in the order below, which is the catalogue's order (the Stripe webhook event tables follow it).
 */
import { STRIPE_EVENT_SOURCES, type StripeEndpoint } from '@shared/contracts/stripe-event-sources';
import { accountFunctions } from './catalog/accounts';
import { consumerDemoFunctions } from './catalog/consumer-demo';
import { paymentFunctions } from './catalog/payments';
import { paymentLinkFunctions } from './catalog/payment-links';
import { paymentRequestFunctions } from './catalog/payment-requests';
import { realtimeFunctions } from './catalog/realtime';
import { stripeAndPlanFunctions } from './catalog/stripe-and-plan';
import { subscriberFunctions } from './catalog/subscribers';
import { taxAndPayoutFunctions } from './catalog/tax-and-payouts';
import type { FunctionSpec } from './function-spec';

/**
 * The catalogue's parts, by area, in the catalogue's order. The cloud stack deploys each area's functions in
 * a nested stack of its own (infra/stack.ts), so an area grows without taking the app stack past
 * CloudFormation's 500 resources (docs/decisions.md #114).
 */
export const catalogAreas = {
  accounts: accountFunctions,
  stripeAndPlan: stripeAndPlanFunctions,
  paymentLinks: paymentLinkFunctions,
  paymentRequests: paymentRequestFunctions,
  payments: paymentFunctions,
  subscribers: subscriberFunctions,
  taxAndPayouts: taxAndPayoutFunctions,
  consumerDemo: consumerDemoFunctions,
  realtime: realtimeFunctions,
} as const satisfies Record<string, readonly FunctionSpec[]>;
export type CatalogArea = keyof typeof catalogAreas;

export const catalog: readonly FunctionSpec[] = Object.values(catalogAreas).flat();

/** The area of the catalogue entry of that name; undefined for a function the catalogue has not (a test's fixture). */
export function areaOf(functionName: string): CatalogArea | undefined {
  return (Object.keys(catalogAreas) as CatalogArea[]).find((area) =>
    catalogAreas[area].some((spec) => spec.name === functionName),
  );
}

/**
 * The event types a Stripe webhook endpoint must send: every detail-type a bus rule takes from that
 * endpoint's source, in catalogue order. Anything else Stripe sent would be received, counted and dropped.
 */
export function stripeWebhookEventTypes(endpoint: StripeEndpoint, functions: readonly FunctionSpec[] = catalog) {
  const types = functions.flatMap((fn) =>
    (fn.rules ?? [])
      .filter((rule) => rule.source === STRIPE_EVENT_SOURCES[endpoint])
      .flatMap((rule) => rule.detailTypes),
  );
  return [...new Set(types)];
}

/** Every HTTP route with the function that serves it. */
export function httpRoutes(functions: readonly FunctionSpec[] = catalog) {
  return functions.flatMap((fn) => (fn.routes ?? []).map((route) => ({ ...route, fn })));
}
