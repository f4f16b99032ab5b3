/**
 * The catalogue: every backend function Paylink has, with everything that wires it up — its entry file,
 * HTTP routes, WebSocket routes, event rules, schedule, Cognito trigger, and the tables and secrets it
 * may touch. The cloud stack (infra/stack.ts) and the local runtime (infra/local/) are both built from
 * this list and nothing else, and tests/infra/parity.test.ts proves they agree.
 *
 * Adding a feature = a handler file + an entry here (+ a screen). Nothing else needs to know.
 */
import { ACCOUNT_EVENT_SOURCE, MAGIC_LINK_REQUESTED } from '@shared/contracts/auth';
import { PAYLINK_EVENT_SOURCE, PAYMENT_UPDATED } from '@shared/contracts/realtime';
import { STRIPE_EVENT_SOURCES, type StripeEndpoint } from '@shared/contracts/stripe-event-sources';
import type { FunctionSpec } from './function-spec';

export const catalog: readonly FunctionSpec[] = [
  {
    name: 'health',
    description: 'Liveness: answers that the API is up.',
    entry: 'functions/http/health.ts',
    routes: [{ method: 'GET', path: '/api/health', auth: 'public' }],
  },
  {
    name: 'get-me',
    description: "The signed-in merchant's profile.",
    entry: 'functions/http/get-me.ts',
    routes: [{ method: 'GET', path: '/api/me', auth: 'merchant' }],
    // readwrite: a sign-up that died half-way gets its row on the first profile read (functions/domain/signup.ts).
    tables: { merchants: 'readwrite', events: 'readwrite' },
  },
  {
    name: 'update-me',
    description: "Saves the signed-in merchant's profile (Settings → Profile).",
    entry: 'functions/http/update-me.ts',
    routes: [{ method: 'PATCH', path: '/api/me', auth: 'merchant' }],
    tables: { merchants: 'readwrite' },
  },
  {
    name: 'get-tax-settings',
    description: "The signed-in merchant's tax settings (Settings → Tax): GST registration, number, receipt name.",
    entry: 'functions/http/get-tax-settings.ts',
    routes: [{ method: 'GET', path: '/api/me/tax', auth: 'merchant' }],
    tables: { merchants: 'read' },
  },
  {
    name: 'update-tax-settings',
    description: "Saves the signed-in merchant's tax settings; the GST number must pass Inland Revenue's check digit.",
    entry: 'functions/http/update-tax-settings.ts',
    routes: [{ method: 'PUT', path: '/api/me/tax', auth: 'merchant' }],
    tables: { merchants: 'readwrite' },
  },
  {
    name: 'signup-challenge',
    description: 'Issues the bot-check (ALTCHA) challenge the sign-up form solves.',
    entry: 'functions/http/signup-challenge.ts',
    routes: [{ method: 'GET', path: '/api/signup/challenge', auth: 'public' }],
    secrets: ['bot-check-key'],
  },
  {
    name: 'signup',
    description: 'Creates a merchant: bot check, Cognito user, merchant row with its 30-day trial.',
    entry: 'functions/http/signup.ts',
    routes: [{ method: 'POST', path: '/api/signup', auth: 'public' }],
    tables: { merchants: 'readwrite', events: 'readwrite' },
    secrets: ['bot-check-key'],
  },
  {
    name: 'request-magic-link',
    description:
      'Accepts a magic-link request and hands it to the bus: it reads nothing, so its answer and its time are the same whether or not the account exists.',
    entry: 'functions/http/request-magic-link.ts',
    routes: [{ method: 'POST', path: '/api/auth/magic-link', auth: 'public' }],
    putsEvents: true,
    eventSources: [ACCOUNT_EVENT_SOURCE],
  },
  {
    name: 'send-magic-link',
    description: 'Emails a single-use sign-in link to an existing merchant (at most one a minute per address).',
    entry: 'functions/events/send-magic-link.ts',
    rules: [{ source: ACCOUNT_EVENT_SOURCE, detailTypes: [MAGIC_LINK_REQUESTED] }],
    tables: { merchants: 'read', events: 'readwrite' },
    secrets: ['magic-link-key'],
    sendsEmail: true,
  },
  {
    name: 'cognito-pre-sign-up',
    description: 'Refuses sign-ups that did not come through POST /api/signup (and its bot check).',
    entry: 'functions/auth/pre-sign-up.ts',
    cognitoTrigger: 'preSignUp',
    secrets: ['bot-check-key'],
  },
  {
    name: 'cognito-custom-message',
    description: "Writes Cognito's verification and password-reset emails, with links into the app.",
    entry: 'functions/auth/custom-message.ts',
    cognitoTrigger: 'customMessage',
  },
  {
    name: 'magic-link-define-challenge',
    description: 'Custom auth: one magic-link challenge, then tokens or failure.',
    entry: 'functions/auth/define-auth-challenge.ts',
    cognitoTrigger: 'defineAuthChallenge',
  },
  {
    name: 'magic-link-create-challenge',
    description: 'Custom auth: asks for the magic-link token.',
    entry: 'functions/auth/create-auth-challenge.ts',
    cognitoTrigger: 'createAuthChallenge',
  },
  {
    name: 'magic-link-verify-challenge',
    description: 'Custom auth: accepts a magic-link token once.',
    entry: 'functions/auth/verify-auth-challenge.ts',
    cognitoTrigger: 'verifyAuthChallengeResponse',
    tables: { events: 'readwrite' },
    secrets: ['magic-link-key'],
  },
  {
    name: 'cognito-post-confirmation',
    description: 'After a password reset, ends every session signed in before it (Cognito itself ends none).',
    entry: 'functions/auth/post-confirmation.ts',
    cognitoTrigger: 'postConfirmation',
    signsOutUsers: true,
  },
  {
    name: 'stripe-connect',
    description: "Creates the merchant's Stripe account (once) and an onboarding link.",
    entry: 'functions/http/stripe-connect.ts',
    routes: [{ method: 'POST', path: '/api/me/stripe/connect', auth: 'merchant' }],
    tables: { merchants: 'readwrite' },
    secrets: ['stripe-secret-key'],
    timeoutSeconds: 25,
  },
  {
    name: 'stripe-status',
    description: "Where the merchant's Stripe account stands, fresh from Stripe.",
    entry: 'functions/http/stripe-status.ts',
    routes: [{ method: 'GET', path: '/api/me/stripe/status', auth: 'merchant' }],
    tables: { merchants: 'readwrite' },
    secrets: ['stripe-secret-key'],
    timeoutSeconds: 25,
  },
  {
    name: 'stripe-diagnose',
    description: 'Checks connectivity, the account and its capabilities, and says what to do.',
    entry: 'functions/http/stripe-diagnose.ts',
    routes: [{ method: 'POST', path: '/api/me/stripe/diagnose', auth: 'merchant' }],
    tables: { merchants: 'read' },
    secrets: ['stripe-secret-key'],
    timeoutSeconds: 25,
  },
  {
    name: 'get-subscription',
    description: "The merchant's plan: trial days left, subscription, access.",
    entry: 'functions/http/get-subscription.ts',
    routes: [{ method: 'GET', path: '/api/me/subscription', auth: 'merchant' }],
    tables: { merchants: 'read' },
  },
  {
    name: 'subscription-checkout',
    description: 'Opens Stripe Checkout for the NZD 29/month Business plan.',
    entry: 'functions/http/subscription-checkout.ts',
    routes: [{ method: 'POST', path: '/api/me/subscription/checkout', auth: 'merchant' }],
    tables: { merchants: 'readwrite' },
    secrets: ['stripe-secret-key'],
    timeoutSeconds: 25,
  },
  {
    name: 'subscription-portal',
    description: "Opens Stripe's billing portal for the merchant's subscription.",
    entry: 'functions/http/subscription-portal.ts',
    routes: [{ method: 'POST', path: '/api/me/subscription/portal', auth: 'merchant' }],
    tables: { merchants: 'read' },
    secrets: ['stripe-secret-key'],
    timeoutSeconds: 25,
  },
  {
    name: 'stripe-webhook',
    description: "Stripe's webhooks: verifies the signature on the raw body and forwards the event to the bus.",
    entry: 'functions/webhooks/stripe-ingress.ts',
    routes: [
      { method: 'POST', path: '/api/webhooks/stripe', auth: 'stripe-webhook' },
      { method: 'POST', path: '/api/webhooks/stripe-connect', auth: 'stripe-webhook' },
    ],
    secrets: ['stripe-secret-key', 'stripe-webhook-secret', 'stripe-connect-webhook-secret'],
    putsEvents: true,
    eventSources: Object.values(STRIPE_EVENT_SOURCES),
  },
  {
    name: 'apply-stripe-account-event',
    description: "Keeps the merchant's Stripe connection status current from account.updated.",
    entry: 'functions/events/apply-stripe-account-event.ts',
    rules: [{ source: STRIPE_EVENT_SOURCES.connect, detailTypes: ['account.updated'] }],
    tables: { merchants: 'readwrite', events: 'readwrite' },
    // The account is read again from Stripe: the event's payload may be older than another of the same second.
    secrets: ['stripe-secret-key'],
    timeoutSeconds: 30,
  },
  {
    name: 'catch-up-payouts',
    description:
      'Every 30 minutes: records payouts whose webhook was lost, asking Stripe only for merchants with recent payments.',
    entry: 'functions/events/catch-up-payouts.ts',
    schedule: { rateMinutes: 30 },
    tables: { payouts: 'readwrite', payments: 'read', merchants: 'read', stats: 'read' },
    secrets: ['stripe-secret-key'],
    timeoutSeconds: 300,
  },
  {
    name: 'apply-stripe-subscription-event',
    description: "Keeps the merchant's plan current from subscription and invoice events.",
    entry: 'functions/events/apply-stripe-subscription-event.ts',
    rules: [
      {
        source: STRIPE_EVENT_SOURCES.platform,
        detailTypes: [
          'customer.subscription.created',
          'customer.subscription.updated',
          'customer.subscription.deleted',
          'invoice.paid',
          'invoice.payment_failed',
        ],
      },
    ],
    tables: { merchants: 'readwrite', events: 'readwrite' },
    secrets: ['stripe-secret-key'],
    timeoutSeconds: 30,
  },
  {
    name: 'list-payment-links',
    description: "The merchant's payment links, newest first.",
    entry: 'functions/http/list-payment-links.ts',
    routes: [{ method: 'GET', path: '/api/me/links', auth: 'merchant' }],
    tables: { links: 'read' },
  },
  {
    name: 'create-payment-link',
    description: 'Creates a payment link (a gated action: trial or subscription).',
    entry: 'functions/http/create-payment-link.ts',
    routes: [{ method: 'POST', path: '/api/me/links', auth: 'merchant' }],
    tables: { links: 'readwrite', merchants: 'read' },
  },
  {
    name: 'update-payment-link',
    description:
      "Activates or deactivates one of the merchant's links (activating is gated; deactivating expires the link's open Checkouts).",
    entry: 'functions/http/update-payment-link.ts',
    routes: [{ method: 'PATCH', path: '/api/me/links/{id}', auth: 'merchant' }],
    tables: { links: 'readwrite', merchants: 'read', payments: 'read' },
    secrets: ['stripe-secret-key'],
    timeoutSeconds: 25,
  },
  {
    name: 'update-link-expiry',
    description:
      "Sets or clears the expiry of one of the merchant's links, in the merchant's time zone (a later time revives it).",
    entry: 'functions/http/update-link-expiry.ts',
    routes: [{ method: 'PUT', path: '/api/me/links/{id}/expiry', auth: 'merchant' }],
    tables: { links: 'readwrite', merchants: 'read' },
  },
  {
    name: 'get-public-payment-link',
    description: "What a payer's page shows of an active link (public, cacheable).",
    entry: 'functions/http/get-public-payment-link.ts',
    routes: [{ method: 'GET', path: '/api/links/{id}', auth: 'public' }],
    tables: { links: 'read', merchants: 'read' },
  },
  {
    name: 'render-payer-page',
    description: 'The payment page /p/{id} as HTML that already shows the link, with its link-preview tags.',
    entry: 'functions/http/render-payer-page.ts',
    routes: [
      { method: 'GET', path: '/p/{id}', auth: 'public', kind: 'page' },
      // Some link-preview crawlers ask with HEAD first; API Gateway answers only the methods it is given.
      { method: 'HEAD', path: '/p/{id}', auth: 'public', kind: 'page' },
    ],
    tables: { links: 'read', merchants: 'read' },
  },
  {
    name: 'render-receipt-page',
    description:
      "A payment's receipt /r/{token}: taxable supply information, printable, opened from the receipt email.",
    entry: 'functions/http/render-receipt-page.ts',
    routes: [
      { method: 'GET', path: '/r/{id}', auth: 'public', kind: 'page' },
      // CloudFront's page behaviour passes GET and HEAD alike.
      { method: 'HEAD', path: '/r/{id}', auth: 'public', kind: 'page' },
    ],
    tables: { payments: 'read', merchants: 'read' },
  },
  {
    name: 'create-checkout',
    description:
      "Prices a payer's choice from the stored link, holds a place on it, records it open, and opens Stripe Checkout on the merchant's account.",
    entry: 'functions/http/create-checkout.ts',
    routes: [{ method: 'POST', path: '/api/checkout', auth: 'public' }],
    tables: { links: 'readwrite', merchants: 'read', payments: 'readwrite' },
    secrets: ['stripe-secret-key'],
    timeoutSeconds: 25,
  },
  {
    name: 'verify-checkout',
    description: "The success page's check: re-reads the Checkout session from Stripe and settles its payment.",
    entry: 'functions/http/verify-checkout.ts',
    routes: [{ method: 'GET', path: '/api/checkout/{sessionId}', auth: 'public' }],
    tables: { links: 'readwrite', payments: 'readwrite', merchants: 'read', stats: 'readwrite' },
    secrets: ['stripe-secret-key'],
    putsEvents: true,
    timeoutSeconds: 25,
  },
  {
    name: 'cancel-payment',
    description: 'The cancel page: expires the Checkout session and marks the still-pending payment canceled.',
    entry: 'functions/http/cancel-payment.ts',
    routes: [{ method: 'POST', path: '/api/payments/{paymentId}/cancel', auth: 'public' }],
    tables: { links: 'readwrite', payments: 'readwrite', merchants: 'read', stats: 'readwrite' },
    secrets: ['stripe-secret-key'],
    putsEvents: true,
    timeoutSeconds: 25,
  },
  {
    name: 'send-receipt',
    description: 'Emails the receipt of a succeeded payment (a few times per payment at most).',
    entry: 'functions/http/send-receipt.ts',
    routes: [{ method: 'POST', path: '/api/checkout/{sessionId}/receipt', auth: 'public' }],
    tables: { payments: 'readwrite', merchants: 'read' },
    sendsEmail: true,
  },
  {
    name: 'apply-stripe-payment-event',
    description:
      "Settles payments from Checkout and payment events on merchants' accounts: forward only, counted once.",
    entry: 'functions/events/apply-stripe-payment-event.ts',
    rules: [
      {
        source: STRIPE_EVENT_SOURCES.connect,
        detailTypes: [
          'checkout.session.completed',
          'checkout.session.async_payment_succeeded',
          'checkout.session.async_payment_failed',
          'checkout.session.expired',
          'payment_intent.payment_failed',
        ],
      },
    ],
    tables: { links: 'readwrite', payments: 'readwrite', merchants: 'read', stats: 'readwrite', events: 'readwrite' },
    secrets: ['stripe-secret-key'],
    putsEvents: true,
    timeoutSeconds: 30,
  },
  {
    name: 'apply-stripe-money-event',
    description:
      "Keeps each payment's refunds and dispute from events on merchants' accounts: forward only, counted once, the payer told of a refund.",
    entry: 'functions/events/apply-stripe-money-event.ts',
    rules: [
      {
        source: STRIPE_EVENT_SOURCES.connect,
        detailTypes: [
          'charge.refunded',
          'charge.refund.updated',
          'refund.created',
          'refund.updated',
          'refund.failed',
          'charge.dispute.created',
          'charge.dispute.updated',
          'charge.dispute.closed',
        ],
      },
    ],
    tables: { payments: 'readwrite', merchants: 'read', stats: 'readwrite', events: 'readwrite' },
    secrets: ['stripe-secret-key'],
    putsEvents: true,
    sendsEmail: true,
    timeoutSeconds: 30,
  },
  {
    name: 'apply-stripe-payout-event',
    description: "Records a merchant's Stripe payout with its lines from payout.paid / payout.failed, exactly once.",
    entry: 'functions/events/apply-stripe-payout-event.ts',
    rules: [{ source: STRIPE_EVENT_SOURCES.connect, detailTypes: ['payout.paid', 'payout.failed'] }],
    tables: { payouts: 'readwrite', payments: 'read', merchants: 'read', events: 'readwrite' },
    // The payout and its balance transactions are read from Stripe on the merchant's account.
    secrets: ['stripe-secret-key'],
    timeoutSeconds: 60,
  },
  {
    name: 'refund-payment',
    description: "Refunds a merchant's payment, fully or in part, on their Stripe account (never gated by the plan).",
    entry: 'functions/http/refund-payment.ts',
    routes: [{ method: 'POST', path: '/api/me/payments/{id}/refunds', auth: 'merchant' }],
    tables: { payments: 'readwrite', links: 'read', merchants: 'read', stats: 'readwrite' },
    secrets: ['stripe-secret-key'],
    putsEvents: true,
    sendsEmail: true,
    timeoutSeconds: 25,
  },
  {
    name: 'list-payments',
    description: "The merchant's payments, newest first: filtered and paged on the server (Transactions, CSV export).",
    entry: 'functions/http/list-payments.ts',
    routes: [{ method: 'GET', path: '/api/me/payments', auth: 'merchant' }],
    tables: { payments: 'read', merchants: 'read' },
  },
  {
    name: 'get-payment',
    description: "One payment's expanded detail; fills in from Stripe what settlement did not record.",
    entry: 'functions/http/get-payment.ts',
    routes: [{ method: 'GET', path: '/api/me/payments/{id}', auth: 'merchant' }],
    tables: { payments: 'readwrite', links: 'read', merchants: 'read' },
    secrets: ['stripe-secret-key'],
    timeoutSeconds: 25,
  },
  {
    name: 'list-payouts',
    description: "The merchant's Stripe payouts, newest arrival first, paged, optionally within arrival days.",
    entry: 'functions/http/list-payouts.ts',
    routes: [{ method: 'GET', path: '/api/me/payouts', auth: 'merchant' }],
    // merchants: the GST setting the precoded export follows.
    tables: { payouts: 'read', merchants: 'read' },
  },
  {
    name: 'get-payout',
    description: 'One payout with the payments, refunds, fees and disputes it is made of.',
    entry: 'functions/http/get-payout.ts',
    routes: [{ method: 'GET', path: '/api/me/payouts/{id}', auth: 'merchant' }],
    tables: { payouts: 'read' },
  },
  {
    name: 'get-stats',
    description: "The dashboard's Business Overview: revenue, counts, growth and the last 30 days, at a fixed cost.",
    entry: 'functions/http/get-stats.ts',
    routes: [{ method: 'GET', path: '/api/me/stats', auth: 'merchant' }],
    tables: { stats: 'read', payments: 'read', links: 'read', merchants: 'read' },
  },
  {
    name: 'verify-payments',
    description: "Verify & Refresh: re-checks the merchant's pending payments with Stripe and settles them.",
    entry: 'functions/http/verify-payments.ts',
    routes: [{ method: 'POST', path: '/api/me/payments/verify', auth: 'merchant' }],
    tables: { links: 'readwrite', payments: 'readwrite', merchants: 'read', stats: 'readwrite' },
    secrets: ['stripe-secret-key'],
    putsEvents: true,
    timeoutSeconds: 25,
  },
  {
    name: 'reverify-pending-payments',
    description:
      'Every 5 minutes: settles payments pending < 24 h from Stripe, finishes counts a crash left undone, seals closed days.',
    entry: 'functions/events/reverify-pending-payments.ts',
    schedule: { rateMinutes: 5 },
    tables: { links: 'readwrite', payments: 'readwrite', merchants: 'read', stats: 'readwrite' },
    secrets: ['stripe-secret-key'],
    putsEvents: true,
    timeoutSeconds: 120,
  },
  {
    name: 'consumer-demo',
    description:
      "The consumer demo: its password gate (checks the password's hash, answers a short-lived unlock token) and the demo user's wallet for a browser holding one.",
    entry: 'functions/http/consumer-demo.ts',
    routes: [
      { method: 'POST', path: '/api/consumer/unlock', auth: 'public' },
      { method: 'GET', path: '/api/consumer/wallet', auth: 'public' },
    ],
    // events: a per-client count of unlock attempts, tighter than the public routes' limit.
    tables: { wallets: 'readwrite', events: 'readwrite' },
    secrets: ['consumer-demo-password-hash'],
  },
  {
    name: 'realtime-authorizer',
    description: 'Verifies the Cognito token a browser offers when it opens the realtime socket.',
    entry: 'functions/realtime/authorize-connection.ts',
    webSocketAuthorizer: true,
  },
  {
    name: 'realtime-connections',
    description: "Remembers and forgets a merchant's open realtime sockets.",
    entry: 'functions/realtime/track-connection.ts',
    webSocketRoutes: ['$connect', '$disconnect'],
    tables: { connections: 'readwrite' },
  },
  {
    name: 'close-expired-connections',
    description: 'Every 5 minutes: closes realtime sockets whose token has expired.',
    entry: 'functions/events/close-expired-connections.ts',
    schedule: { rateMinutes: 5 },
    tables: { connections: 'readwrite' },
    pushesToConnections: true,
  },
  {
    name: 'notify-merchant',
    description: "Pushes a payment's new status to its merchant's open dashboards.",
    entry: 'functions/events/notify-merchant.ts',
    rules: [{ source: PAYLINK_EVENT_SOURCE, detailTypes: [PAYMENT_UPDATED] }],
    tables: { connections: 'readwrite' },
    pushesToConnections: true,
  },
];

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
