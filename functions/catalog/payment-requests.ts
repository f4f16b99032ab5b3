/**
 * Payment requests (docs/decisions.md #79–#81): "Send to a customer", the Requests list and Cancel, and the
 * one reminder's schedule (the settle path marks a request Paid: functions/domain/settlement.ts).
 * Part of the catalogue (functions/catalog.ts, which assembles the parts in this order).
 */
import { EMAIL_BOUNCED, EMAIL_COMPLAINT_RECEIVED, SES_EVENT_SOURCE } from '@shared/contracts/email-feedback';
import type { FunctionSpec } from '../function-spec';

export const paymentRequestFunctions: readonly FunctionSpec[] = [
  {
    name: 'send-payment-request',
    description:
      "Sends one payment request: checks the link (or makes the one-off's own) and the recipient's opt-out, takes one of the merchant's day's few (10 on the trial, 50 subscribed), stores it and emails the payer.",
    entry: 'functions/http/send-payment-request.ts',
    routes: [{ method: 'POST', path: '/api/me/requests', auth: 'merchant' }],
    // links: the link asked for is read, a one-off's own link is made (and closed again if the email fails).
    tables: { requests: 'readwrite', links: 'readwrite', merchants: 'read', activity: 'readwrite' },
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
    tables: { requests: 'readwrite', links: 'readwrite', payments: 'read', merchants: 'read', activity: 'readwrite' },
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
  {
    name: 'record-email-feedback',
    description:
      "SES's hard bounces and complaints about a payment request's email: the address joins that business's suppression list.",
    entry: 'functions/events/record-email-feedback.ts',
    // SES publishes to the account's default bus (its configuration set's EventBridge destination, #201).
    rules: [{ source: SES_EVENT_SOURCE, detailTypes: [EMAIL_BOUNCED, EMAIL_COMPLAINT_RECEIVED], bus: 'default' }],
    tables: { requests: 'readwrite' },
    // A complaint is emailed to Paylink's support address, as an abuse report is.
    sendsEmail: true,
  },
  {
    name: 'render-unsubscribe-page',
    description:
      "A payment request's unsubscribe page /unsubscribe/{id}: stop that business's requests, or report the email.",
    entry: 'functions/http/render-unsubscribe-page.ts',
    routes: [
      { method: 'GET', path: '/unsubscribe/{id}', auth: 'public', kind: 'page' },
      // CloudFront's page behaviour passes GET and HEAD alike.
      { method: 'HEAD', path: '/unsubscribe/{id}', auth: 'public', kind: 'page' },
    ],
    tables: { requests: 'read', merchants: 'read' },
  },
  {
    name: 'unsubscribe-from-requests',
    description:
      "A request's recipient stops that business's requests to them: RFC 8058's one-click POST, or the page's button.",
    entry: 'functions/http/unsubscribe-from-requests.ts',
    routes: [{ method: 'POST', path: '/api/requests/{id}/unsubscribe', auth: 'public' }],
    tables: { requests: 'readwrite', merchants: 'read' },
  },
  {
    name: 'report-request-email',
    description:
      "A request's recipient reports it: kept once, the address suppressed, the operator emailed, the business's requests paused at its threshold.",
    entry: 'functions/http/report-request-email.ts',
    routes: [{ method: 'POST', path: '/api/requests/{id}/report', auth: 'public' }],
    tables: { requests: 'readwrite', merchants: 'read' },
    sendsEmail: true,
  },
];
