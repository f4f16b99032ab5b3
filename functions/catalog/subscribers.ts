/**
 * Recurring links' subscribers (issue 45): the events that make each period a payment, the merchant's list and
 * cancel, and the payer's way to the billing portal from a receipt.
 * Part of the catalogue (functions/catalog.ts, which assembles the parts in this order).
 */
import { STRIPE_EVENT_SOURCES } from '@shared/contracts/stripe-event-sources';
import type { FunctionSpec } from '../function-spec';

export const subscriberFunctions: readonly FunctionSpec[] = [
  {
    name: 'apply-stripe-recurring-event',
    description:
      "Keeps recurring links' subscribers from subscription and invoice events on merchants' accounts: each paid invoice one payment, counted once, its receipt emailed.",
    entry: 'functions/events/apply-stripe-recurring-event.ts',
    // It reads each invoice and names its payment on the renewal's charge.
    stripeResources: ['charges', 'invoices'],
    rules: [
      {
        source: STRIPE_EVENT_SOURCES.connect,
        detailTypes: [
          'customer.subscription.created',
          'customer.subscription.updated',
          'customer.subscription.deleted',
          'invoice.paid',
          'invoice.payment_failed',
        ],
      },
    ],
    // As apply-stripe-payment-event's (a period's payment settles as a Checkout's does), and the subscribers.
    tables: {
      links: 'readwrite',
      payments: 'readwrite',
      merchants: 'readwrite',
      stats: 'readwrite',
      events: 'readwrite',
      requests: 'readwrite',
      subscribers: 'readwrite',
    },
    secrets: ['stripe-secret-key'],
    putsEvents: true,
    sendsEmail: true,
    timeoutSeconds: 30,
  },
  {
    name: 'list-subscribers',
    description:
      "The merchant's recurring links' subscribers, newest first, of one link if asked (never gated by the plan).",
    entry: 'functions/http/list-subscribers.ts',
    routes: [{ method: 'GET', path: '/api/me/subscribers', auth: 'merchant' }],
    tables: { subscribers: 'read' },
  },
  {
    name: 'cancel-subscriber',
    description: "Ends one of the merchant's subscribers now or at the end of the period, on their Stripe account.",
    entry: 'functions/http/cancel-subscriber.ts',
    routes: [{ method: 'POST', path: '/api/me/subscribers/{id}/cancel', auth: 'merchant' }],
    tables: { subscribers: 'readwrite' },
    secrets: ['stripe-secret-key'],
    timeoutSeconds: 25,
  },
  {
    name: 'manage-subscription',
    description:
      "A recurring payment's receipt link: opens Stripe's billing portal on the merchant's account for that payer, with Paylink's portal configuration there (made once, kept on the merchant).",
    entry: 'functions/http/manage-subscription.ts',
    routes: [{ method: 'GET', path: '/api/subscriptions/manage/{token}', auth: 'public' }],
    tables: { payments: 'read', subscribers: 'read', merchants: 'readwrite' },
    secrets: ['stripe-secret-key'],
    timeoutSeconds: 25,
  },
];
