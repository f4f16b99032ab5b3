/**
 * Payments: Checkout, settlement and its checks, receipts, refunds and disputes, the merchant's history and
 * stats, and the schedule that re-verifies pending payments.
 * Part of the catalogue (functions/catalog.ts, which assembles the parts in this order).
 */
import { STRIPE_EVENT_SOURCES } from '@shared/contracts/stripe-event-sources';
import type { FunctionSpec } from '../function-spec';

export const paymentFunctions: readonly FunctionSpec[] = [
  {
    name: 'create-checkout',
    description:
      "Prices a payer's choice from the stored link, holds a place on it, records it open, and opens Stripe Checkout on the merchant's account.",
    entry: 'functions/http/create-checkout.ts',
    routes: [{ method: 'POST', path: '/api/checkout', auth: 'public' }],
    // events: each client address's Checkouts per link (docs/decisions.md #168); requests: a request's payer's
    // address, which Checkout opens with.
    tables: { links: 'readwrite', merchants: 'read', payments: 'readwrite', events: 'readwrite', requests: 'read' },
    secrets: ['stripe-secret-key'],
    timeoutSeconds: 25,
  },
  {
    name: 'verify-checkout',
    description: "The success page's check: re-reads the Checkout session from Stripe and settles its payment.",
    entry: 'functions/http/verify-checkout.ts',
    routes: [{ method: 'GET', path: '/api/checkout/{sessionId}', auth: 'public' }],
    // requests: a payment from a payment request's Pay button marks it Paid (docs/decisions.md #80).
    // merchants: a payment that settles takes its receipt number from the merchant's counter (#65).
    tables: {
      links: 'readwrite',
      payments: 'readwrite',
      merchants: 'readwrite',
      stats: 'readwrite',
      requests: 'readwrite',
    },
    secrets: ['stripe-secret-key'],
    putsEvents: true,
    timeoutSeconds: 25,
  },
  {
    name: 'cancel-payment',
    description:
      'The cancel page: expires the open Checkout session and marks the payment canceled; a completed Checkout (a bank debit on its way) is never canceled.',
    entry: 'functions/http/cancel-payment.ts',
    routes: [{ method: 'POST', path: '/api/payments/{paymentId}/cancel', auth: 'public' }],
    // requests: a payment from a payment request's Pay button marks it Paid (docs/decisions.md #80).
    // merchants: a payment that settles takes its receipt number from the merchant's counter (#65).
    tables: {
      links: 'readwrite',
      payments: 'readwrite',
      merchants: 'readwrite',
      stats: 'readwrite',
      requests: 'readwrite',
    },
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
    // requests: a payment from a payment request's Pay button marks it Paid (docs/decisions.md #80).
    // merchants: a payment that settles takes its receipt number from the merchant's counter (#65).
    tables: {
      links: 'readwrite',
      payments: 'readwrite',
      merchants: 'readwrite',
      stats: 'readwrite',
      events: 'readwrite',
      requests: 'readwrite',
    },
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
    name: 'refund-payment',
    description: "Refunds a merchant's payment, fully or in part, on their Stripe account (never gated by the plan).",
    entry: 'functions/http/refund-payment.ts',
    routes: [{ method: 'POST', path: '/api/me/payments/{id}/refunds', auth: 'merchant' }],
    tables: { payments: 'readwrite', links: 'read', merchants: 'read', stats: 'readwrite', activity: 'readwrite' },
    secrets: ['stripe-secret-key'],
    putsEvents: true,
    sendsEmail: true,
    timeoutSeconds: 25,
  },
  {
    name: 'resend-receipt',
    description:
      "Transactions' Resend receipt: the payer's receipt again, to their checkout address only, within the payment's few.",
    entry: 'functions/http/resend-receipt.ts',
    routes: [{ method: 'POST', path: '/api/me/payments/{id}/receipt', auth: 'merchant' }],
    tables: { payments: 'readwrite', merchants: 'read' },
    sendsEmail: true,
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
    // requests: a payment from a payment request's Pay button marks it Paid (docs/decisions.md #80).
    // merchants: a payment that settles takes its receipt number from the merchant's counter (#65).
    tables: {
      links: 'readwrite',
      payments: 'readwrite',
      merchants: 'readwrite',
      stats: 'readwrite',
      requests: 'readwrite',
    },
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
    // requests: a payment from a payment request's Pay button marks it Paid (docs/decisions.md #80).
    // merchants: a payment that settles takes its receipt number from the merchant's counter (#65).
    tables: {
      links: 'readwrite',
      payments: 'readwrite',
      merchants: 'readwrite',
      stats: 'readwrite',
      requests: 'readwrite',
    },
    secrets: ['stripe-secret-key'],
    putsEvents: true,
    timeoutSeconds: 120,
  },
];
