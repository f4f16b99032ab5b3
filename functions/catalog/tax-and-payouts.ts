/**
 * The merchant's books: Settings → Tax, the receipt page that carries the taxable supply information, and
 * the Stripe payouts recorded with their lines for the Payouts screen and its Xero exports.
 * Part of the catalogue (functions/catalog.ts, which assembles the parts in this order).
 */
import { STRIPE_EVENT_SOURCES } from '@shared/contracts/stripe-event-sources';
import type { FunctionSpec } from '../function-spec';

export const taxAndPayoutFunctions: readonly FunctionSpec[] = [
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
    tables: { merchants: 'readwrite', activity: 'readwrite' },
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
    name: 'get-gst-summary',
    description:
      "A GST-registered merchant's GST for one taxable period: the period's receipts and supply corrections, and their totals.",
    entry: 'functions/http/get-gst-summary.ts',
    routes: [{ method: 'GET', path: '/api/me/gst-summary', auth: 'merchant' }],
    // Reads up to MAX_PAYMENTS_READ payments, page by page (docs/decisions.md #84); just under API Gateway's 29 s.
    tables: { payments: 'read', merchants: 'read' },
    timeoutSeconds: 28,
  },
  {
    name: 'get-paylink-fees',
    description:
      "Paylink's statement of its fees to the signed-in merchant for one month: a tax invoice when Paylink is GST-registered.",
    entry: 'functions/http/get-paylink-fees.ts',
    routes: [{ method: 'GET', path: '/api/me/paylink-fees', auth: 'merchant' }],
    // Reads the month's payments and 12 months before it, as the GST summary does (docs/decisions.md #123).
    tables: { payments: 'read', merchants: 'read' },
    timeoutSeconds: 28,
  },
  {
    name: 'get-gst-return',
    description:
      "A GST period's Paylink figures as the GST return's boxes 5 to 15: sales, zero-rated, adjustments, Paylink's fees.",
    entry: 'functions/http/get-gst-return.ts',
    routes: [{ method: 'GET', path: '/api/me/gst-return', auth: 'merchant' }],
    // The GST summary's read, with Paylink's fee on each payment (docs/decisions.md #124).
    tables: { payments: 'read', merchants: 'read' },
    timeoutSeconds: 28,
  },
];
