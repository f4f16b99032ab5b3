/**
 * Payment requests (docs/decisions.md #79–#81): "Send to a customer", the Requests list and Cancel, and the
 * one reminder's schedule (the settle path marks a request Paid: functions/domain/settlement.ts).
 * Part of the catalogue (functions/catalog.ts, which assembles the parts in this order).
 */
import type { FunctionSpec } from '../function-spec';

export const paymentRequestFunctions: readonly FunctionSpec[] = [
  {
    name: 'payment-requests',
    description:
      "The merchant's payment requests: send one (at most 50 a merchant's day, with an optional reminder), list them, cancel one (expiring a one-off's open Checkout).",
    entry: 'functions/http/payment-requests.ts',
    // One function for the three routes: the stack is near CloudFormation's 500 resources (docs/decisions.md #79).
    routes: [
      { method: 'GET', path: '/api/me/requests', auth: 'merchant' },
      { method: 'POST', path: '/api/me/requests', auth: 'merchant' },
      { method: 'POST', path: '/api/me/requests/{id}/cancel', auth: 'merchant' },
    ],
    // links: the link asked for is read, a one-off's own link is written (and deactivated on cancel);
    // payments and Stripe: a cancelled one-off's open Checkout is found and expired (docs/decisions.md #105).
    tables: { requests: 'readwrite', links: 'readwrite', merchants: 'read', payments: 'read' },
    secrets: ['stripe-secret-key'],
    // As update-payment-link: the expiring of open Checkouts, 8 at a time, within API Gateway's 30 s.
    timeoutSeconds: 25,
    sendsEmail: true,
  },
  {
    name: 'send-request-reminders',
    description: 'Every 15 minutes: sends each due request reminder once, claimed before it goes, never after payment.',
    entry: 'functions/events/send-request-reminders.ts',
    schedule: { rateMinutes: 15 },
    tables: { requests: 'readwrite', merchants: 'read' },
    sendsEmail: true,
    timeoutSeconds: 120,
  },
];
