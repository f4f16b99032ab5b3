/**
 * What a catalogue entry (functions/catalog.ts) says about a function: its entry, routes, rules, schedule,
 * Cognito trigger, and the tables and secrets it may touch. The cloud stack and the local runtime read
 * these; handlers read only functions/environment.ts.
 */
import { PAYLINK_EVENT_SOURCE } from '@shared/contracts/realtime';
import type { StripeEndpoint } from '@shared/contracts/stripe-event-sources';

/** Tables are specified once, in infra/tables.ts; this is just their names. */
export const TABLE_IDS = [
  'merchants',
  'links',
  'payments',
  'stats',
  'events',
  'connections',
  'wallets',
  'payouts',
  'requests',
  'members',
  'subscribers',
  'activity',
] as const;
export type TableId = (typeof TABLE_IDS)[number];

/** Secrets live in Secrets Manager in the cloud and in `.data/` or the environment locally. */
export const SECRET_IDS = [
  'stripe-secret-key',
  'stripe-webhook-secret',
  'stripe-connect-webhook-secret',
  /** Signs magic-link tokens. */
  'magic-link-key',
  /** Signs ALTCHA challenges and the sign-up ticket the pre-sign-up trigger checks. */
  'bot-check-key',
  /** The consumer demo's password, as a scrypt hash (an operator sets it after deploy: README). */
  'consumer-demo-password-hash',
] as const;
export type SecretId = (typeof SECRET_IDS)[number];

/**
 * Stripe's two webhook endpoints: where each is served and the secret that checks its signatures. What
 * each must send is not listed here but derived from the rules below (stripeWebhookEventTypes), so the
 * Stripe configuration (`npm run stripe:webhooks`, README) can never drift from what the consumers handle.
 */
export const STRIPE_WEBHOOKS = {
  platform: { path: '/api/webhooks/stripe', secretId: 'stripe-webhook-secret' },
  connect: { path: '/api/webhooks/stripe-connect', secretId: 'stripe-connect-webhook-secret' },
} as const satisfies Record<StripeEndpoint, { path: string; secretId: SecretId }>;

/**
 * The Stripe SDK's resources (the client's own names) that the functions' bundles carry, and so the only ones
 * the functions' Stripe client offers (functions/adapters/stripe-client.ts): the SDK builds all ~260 of its
 * resources in its constructor, so the bundler drops the rest (infra/constructs/function-bundling.ts,
 * docs/decisions.md #95). A resource a function starts to call is added here first; the webhooks' signature
 * check is part of the SDK's core and always ships.
 */
export const STRIPE_RESOURCES = [
  'accountLinks',
  'accounts',
  'balanceTransactions',
  'billingPortal',
  'checkout',
  'customers',
  'disputes',
  'invoicePayments',
  'paymentIntents',
  'payouts',
  'refunds',
  'subscriptions',
] as const;
/**
 * Resources only a few functions call: a function's bundle carries one only when its catalogue entry names it
 * (`stripeResources`), so the money path's functions do not grow by what recurring links alone need.
 */
export const STRIPE_OCCASIONAL_RESOURCES = ['charges', 'invoices'] as const;
export type StripeOccasionalResource = (typeof STRIPE_OCCASIONAL_RESOURCES)[number];
export type StripeResourceName = (typeof STRIPE_RESOURCES)[number] | StripeOccasionalResource;

/**
 * Per-client limit on the `public` routes (the payer page, checkout, sign-up): a WAF rate-based rule in the
 * cloud and the same counter in the local gateway. Generous for a café whose customers share one Wi-Fi
 * address, tight enough that one bot cannot mint checkout sessions or sign-ups by the thousand.
 */
export const PUBLIC_RATE_LIMIT = { requests: 200, windowSeconds: 60 } as const;

/**
 * Paths outside the public rate limit: the token-guarded merchant routes (`/api/me` itself and what is under
 * `/api/me/`) and Stripe's signed webhooks. Path-exact — `/api/meh` is counted — and the cloud firewall
 * compares them with the decoded, dot-segment-resolved path (docs/decisions.md #135).
 */
export const RATE_LIMIT_EXEMPT_PATHS = {
  exactly: ['/api/me'],
  startsWith: ['/api/me/', '/api/webhooks/'],
} as const;

/** Whether a (normalised) path is outside the public rate limit. */
export function isRateLimitExempt(path: string): boolean {
  return (
    RATE_LIMIT_EXEMPT_PATHS.exactly.some((exact) => path === exact) ||
    RATE_LIMIT_EXEMPT_PATHS.startsWith.some((prefix) => path.startsWith(prefix))
  );
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * - `public`: anyone; lives under `/api/**`.
 * - `merchant`: a verified Cognito token is required; lives under `/api/me/**` (or is `/api/me` itself).
 * - `stripe-webhook`: no token, but the handler verifies Stripe's signature on the raw body.
 */
export type RouteAuth = 'public' | 'merchant' | 'stripe-webhook';

export interface HttpRoute {
  method: HttpMethod;
  /** API Gateway syntax: `/api/links/{id}`. */
  path: string;
  auth: RouteAuth;
  /**
   * `page`: an HTML page at the site's own address (`/p/{id}`), outside `/api/`: CloudFront sends its
   * path prefix (pagePathPatterns) to the API, cached briefly and without cookies, and the local gateway
   * answers it before the static files. Unset = an API route.
   */
  kind?: 'api' | 'page';
}

/** CloudFront path patterns of the catalogue's page routes: `/p/{id}` → `/p/*`. */
export function pagePathPatterns(functions: readonly FunctionSpec[]): string[] {
  const patterns = functions.flatMap((fn) =>
    (fn.routes ?? []).filter((route) => route.kind === 'page').map((route) => `${route.path.replace(/\/\{.*$/, '')}/*`),
  );
  return [...new Set(patterns)];
}

export type WebSocketRoute = '$connect' | '$disconnect' | '$default';

/** A rule on the `paylink` event bus: matches `source` and one of `detailTypes`. */
export interface EventRule {
  source: string;
  detailTypes: string[];
  /**
   * `default`: the rule is on the account's default bus instead, where AWS services put their own events (SES's
   * bounces and complaints, docs/decisions.md #201).
   */
  bus?: 'default';
}

/** A fixed-rate schedule. It lives on the default bus, because EventBridge allows no schedule on a custom bus. */
export interface Schedule {
  rateMinutes: number;
}

export type CognitoTrigger =
  | 'preSignUp'
  | 'customMessage'
  | 'defineAuthChallenge'
  | 'createAuthChallenge'
  | 'verifyAuthChallengeResponse'
  | 'postConfirmation'
  | 'preTokenGeneration';

/** `read` may GetItem/Query/Scan; `readwrite` may also Put/Update/Delete. */
export type TableAccess = 'read' | 'readwrite';

export interface FunctionSpec {
  /** kebab-case, unique: names the Lambda and its log group. */
  name: string;
  description: string;
  /** Path from the repository root to a module exporting `handler`. */
  entry: string;
  routes?: HttpRoute[];
  webSocketRoutes?: WebSocketRoute[];
  /** This function is the WebSocket API's `$connect` authorizer. */
  webSocketAuthorizer?: boolean;
  /**
   * This function is one of the HTTP API's Lambda authorizers (functions/catalog/http-authorizers.ts):
   * `origin` on the routes without a token, `origin-and-merchant-token` on `merchant` routes.
   */
  httpAuthorizer?: 'origin' | 'origin-and-merchant-token';
  rules?: EventRule[];
  schedule?: Schedule;
  cognitoTrigger?: CognitoTrigger;
  tables?: Partial<Record<TableId, TableAccess>>;
  secrets?: SecretId[];
  /** May send email through SES from the Paylink identity. */
  sendsEmail?: boolean;
  /** May put events on the `paylink` bus. */
  putsEvents?: boolean;
  /**
   * The `source`s it may put events under (the grant's `events:source` condition); unset = Paylink's own
   * (PAYLINK_EVENT_SOURCE). See eventSourcesOf.
   */
  eventSources?: readonly string[];
  /** May push messages to WebSocket connections. */
  pushesToConnections?: boolean;
  /** May end a merchant's sessions: AdminUserGlobalSignOut on the merchants' user pool, nothing else. */
  signsOutUsers?: boolean;
  /**
   * May read whether a merchant has two-factor on: AdminGetUser on the merchants' user pool, nothing else
   * (the magic link's define trigger, docs/decisions.md #169; the token trigger, #250).
   */
  readsTwoFactor?: boolean;
  /**
   * AdminSetUserMFAPreference on the user pool too: Paylink's off route puts back an authenticator app that was
   * turned off outside Paylink, before checking its code (docs/decisions.md #250, #259). Needs `readsTwoFactor`.
   */
  restoresTwoFactor?: boolean;
  /** Stripe resources beyond STRIPE_RESOURCES this function's client carries (STRIPE_OCCASIONAL_RESOURCES). */
  stripeResources?: readonly StripeOccasionalResource[];
  /** Lambda's timeout; `DEFAULT_TIMEOUT_SECONDS` when absent (the stack and both local runtimes apply it). */
  timeoutSeconds?: number;
}

/** A function's timeout when its spec names none. */
export const DEFAULT_TIMEOUT_SECONDS = 10;

/** The event sources a function may publish under: none unless it puts events, Paylink's own unless it says. */
export function eventSourcesOf(spec: FunctionSpec): readonly string[] {
  if (!spec.putsEvents) return [];
  return spec.eventSources ?? [PAYLINK_EVENT_SOURCE];
}
