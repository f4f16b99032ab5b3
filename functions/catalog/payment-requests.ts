/**
 * Payment requests (docs/decisions.md #79–#81): "Send to a customer", the Requests list and Cancel, and the
 * one reminder's schedule (the settle path marks a request Paid: functions/domain/settlement.ts).
 * Part of the catalogue (functions/catalog.ts, which assembles the parts in this order).
 */
import type { FunctionSpec } from '../function-spec';

export const paymentRequestFunctions: readonly FunctionSpec[] = [
  {
    name: 'send-payment-request',
    description:
      "Sends one payment request: checks the link (or makes the one-off's own), takes one of the merchant's 50 a day, stores it and emails the payer.",
    entry: 'functions/http/send-payment-request.ts',
    routes: [{ method: 'POST', path: '/api/me/requests', auth: 'merchant' }],
    // links: the link asked for is read, a one-off's own link is made (and closed again if the email fails).
    tables: { requests: 'readwrite', links: 'readwrite', merchants: 'read' },
    sendsEmail: true,
  },
  {
    name: 'list-payment-requests',
    description: "The merchant's payment requests, newest first.",
    entry: 'functions/http/list-payment-requests.ts',
    routes: [{ method: 'GET', path: '/api/me/requests', auth: 'merchant' }],
    tables: { requests: 'read' },
  },
  {
    name: 'cancel-payment-request',
    description: "Cancels a payment request: a one-off's own link is closed and its open Checkout expired.",
    entry: 'functions/http/cancel-payment-request.ts',
    routes: [{ method: 'POST', path: '/api/me/requests/{id}/cancel', auth: 'merchant' }],
    // links: a one-off's own link is deactivated; payments and Stripe: its open Checkout is found and expired
    // (docs/decisions.md #105).
    tables: { requests: 'readwrite', links: 'readwrite', payments: 'read' },
    secrets: ['stripe-secret-key'],
    // As update-payment-link: the expiring of open Checkouts, 8 at a time, within API Gateway's 30 s.
    timeoutSeconds: 25,
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
