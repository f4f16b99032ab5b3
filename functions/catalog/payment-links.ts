/**
 * Payment links: the merchant's list and changes, the public link, and the payer's page.
 * Part of the catalogue (functions/catalog.ts, which assembles the parts in this order).
 */
import type { FunctionSpec } from '../function-spec';

export const paymentLinkFunctions: readonly FunctionSpec[] = [
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
    tables: { links: 'readwrite', merchants: 'read', activity: 'readwrite' },
  },
  {
    name: 'update-payment-link',
    description:
      "Activates or deactivates one of the merchant's links (activating is gated; deactivating expires the link's open Checkouts).",
    entry: 'functions/http/update-payment-link.ts',
    routes: [{ method: 'PATCH', path: '/api/me/links/{id}', auth: 'merchant' }],
    tables: { links: 'readwrite', merchants: 'read', payments: 'read', activity: 'readwrite' },
    secrets: ['stripe-secret-key'],
    timeoutSeconds: 25,
  },
  {
    name: 'update-link-expiry',
    description:
      "Sets or clears the expiry of one of the merchant's links, in the merchant's time zone (a later time revives it).",
    entry: 'functions/http/update-link-expiry.ts',
    routes: [{ method: 'PUT', path: '/api/me/links/{id}/expiry', auth: 'merchant' }],
    tables: { links: 'readwrite', merchants: 'read', activity: 'readwrite' },
  },
  {
    name: 'update-link-settings',
    description:
      "Sets the payment limit (not below the places sold or held), reference and after-payment settings of one of the merchant's links.",
    entry: 'functions/http/update-link-settings.ts',
    routes: [{ method: 'PUT', path: '/api/me/links/{id}/settings', auth: 'merchant' }],
    tables: { links: 'readwrite', merchants: 'read', activity: 'readwrite' },
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
];
