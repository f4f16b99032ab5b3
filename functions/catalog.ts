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
import { httpAuthorizerFunctions } from './catalog/http-authorizers';
import { MERCHANT_ROUTE_ROLES } from './catalog/merchant-roles';
import { paymentFunctions } from './catalog/payments';
import { paymentLinkFunctions } from './catalog/payment-links';
import { paymentRequestFunctions } from './catalog/payment-requests';
import { realtimeFunctions } from './catalog/realtime';
import { stripeAndPlanFunctions } from './catalog/stripe-and-plan';
import { subscriberFunctions } from './catalog/subscribers';
import { taxAndPayoutFunctions } from './catalog/tax-and-payouts';
import { teamFunctions } from './catalog/team';
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
  team: teamFunctions,
  consumerDemo: consumerDemoFunctions,
  realtime: realtimeFunctions,
} as const satisfies Record<string, readonly FunctionSpec[]>;
export type CatalogArea = keyof typeof catalogAreas;

/**
 * A function that serves a merchant route reads the members table: its handler's wrapper checks the
 * person's membership and role on every request (functions/http/http-handler.ts, docs/decisions.md #161).
 */
function withMembershipCheck(spec: FunctionSpec): FunctionSpec {
  if (!(spec.routes ?? []).some((route) => route.auth === 'merchant') || spec.tables?.members) return spec;
  return { ...spec, tables: { ...spec.tables, members: 'read' } };
}

export const catalog: readonly FunctionSpec[] = Object.values(catalogAreas).flat().map(withMembershipCheck);

/**
 * The HTTP API's Lambda authorizers: CloudFront's origin header on every route, and with it the merchant's
 * token on `merchant` routes. Built by infra/constructs/origin-check.ts with roles of their own, so kept
 * apart from `catalog` (whose every entry gets the catalogue's role, grants and nested stack).
 */
export const httpAuthorizers = httpAuthorizerFunctions;

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

/**
 * Every HTTP route with the function that serves it, and on a merchant route the least role that may call
 * it (functions/catalog/merchant-roles.ts).
 */
export function httpRoutes(functions: readonly FunctionSpec[] = catalog) {
  return functions.flatMap((fn) =>
    (fn.routes ?? []).map((route) => ({
      ...route,
      fn,
      role: route.auth === 'merchant' ? MERCHANT_ROUTE_ROLES[`${route.method} ${route.path}`] : undefined,
    })),
  );
}
