/**
 * The merchant's Stripe: Connect onboarding and its status, the plan (Checkout, billing portal), Stripe's
 * webhook ingress, and the consumers of account and subscription events.
 * Part of the catalogue (functions/catalog.ts, which assembles the parts in this order).
 */
import { STRIPE_EVENT_SOURCES } from '@shared/contracts/stripe-event-sources';
import type { FunctionSpec } from '../function-spec';

export const stripeAndPlanFunctions: readonly FunctionSpec[] = [
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
    entry: 'functions/webhooks/stripe-webhook.ts',
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
    // Merchant Updated, for the merchant's open tabs (docs/decisions.md #87).
    putsEvents: true,
    timeoutSeconds: 30,
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
    // Merchant Updated, for the merchant's open tabs (docs/decisions.md #87).
    putsEvents: true,
    timeoutSeconds: 30,
  },
];
