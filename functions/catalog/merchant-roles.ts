/**
 * Who may call each merchant route (issue 46, docs/decisions.md #161): the least role, Owner > Manager >
 * Staff, or `signed-in` for the routes about the person rather than a business (joining one, listing
 * those they belong to). Part of the catalogue: `httpRoutes()` (functions/catalog.ts) gives each route its
 * role from here, and every merchant handler's wrapper (functions/http/http-handler.ts) enforces it on
 * each request against the person's membership. It is a table of its own, not a field of the entries,
 * so a handler's bundle carries these strings and no other function's wiring.
 * tests/codebase/merchant-roles.test.ts checks every merchant route has one and no other route does.
 */
import type { RouteRole } from '../domain/team-access';

export const MERCHANT_ROUTE_ROLES: Readonly<Record<string, RouteRole>> = {
  // The profile every page reads; its settings are the owner's.
  'GET /api/me': 'staff',
  'PATCH /api/me': 'owner',
  // Stripe and the plan: the status and plan gate every paid page, so everyone reads them.
  'POST /api/me/stripe/connect': 'owner',
  'GET /api/me/stripe/status': 'staff',
  'POST /api/me/stripe/diagnose': 'owner',
  'GET /api/me/subscription': 'staff',
  'POST /api/me/subscription/checkout': 'owner',
  'POST /api/me/subscription/portal': 'owner',
  // Links: staff create them (and their QR codes); changing or closing one is a manager's.
  'GET /api/me/links': 'staff',
  'POST /api/me/links': 'staff',
  'PATCH /api/me/links/{id}': 'manager',
  'PUT /api/me/links/{id}/expiry': 'manager',
  'PUT /api/me/links/{id}/settings': 'manager',
  // Requests: staff send them; cancelling one is a manager's.
  'POST /api/me/requests': 'staff',
  'GET /api/me/requests': 'staff',
  'POST /api/me/requests/{id}/cancel': 'manager',
  // Payments: everyone sees them (today's and search); refunds and receipts again are a manager's.
  'POST /api/me/payments/{id}/refunds': 'manager',
  'POST /api/me/payments/{id}/receipt': 'manager',
  'GET /api/me/payments': 'staff',
  'GET /api/me/payments/{id}': 'staff',
  'GET /api/me/stats': 'staff',
  'POST /api/me/payments/verify': 'staff',
  // Tax, payouts and Paylink's fees: the owner's.
  'GET /api/me/tax': 'owner',
  'PUT /api/me/tax': 'owner',
  'GET /api/me/payouts': 'owner',
  'GET /api/me/payouts/{id}': 'owner',
  'GET /api/me/gst-summary': 'owner',
  'GET /api/me/paylink-fees': 'owner',
  'GET /api/me/gst-return': 'owner',
  // The team: the owner's; joining and switching are the person's own.
  'GET /api/me/team': 'owner',
  // Who did what (docs/decisions.md #195): the owner's.
  'GET /api/me/activity': 'owner',
  'POST /api/me/team/invitations': 'owner',
  'POST /api/me/team/invitations/{id}/resend': 'owner',
  'DELETE /api/me/team/invitations/{id}': 'owner',
  'PATCH /api/me/team/members/{id}': 'owner',
  'DELETE /api/me/team/members/{id}': 'owner',
  'POST /api/me/invitations/accept': 'signed-in',
  'GET /api/me/businesses': 'signed-in',
  // Two-factor is the person's own sign-in, whichever business they are working in.
  'GET /api/me/two-factor': 'signed-in',
  'POST /api/me/two-factor': 'signed-in',
  'POST /api/me/two-factor/setup': 'signed-in',
  'POST /api/me/sign-out-everywhere': 'signed-in',
  // Recurring links' subscribers: seeing and cancelling them is a manager's, as refunds are.
  'GET /api/me/subscribers': 'manager',
  'POST /api/me/subscribers/{id}/cancel': 'manager',
};
