/**
 * The real catalogue plus entries that exercise what it does not use: the singular `rate(1 minute)`
 * schedule and several bus rules on one function (besides a scheduled verifier with secrets and events).
 * Entries point at existing handlers: only the wiring is under test. Names are `fixture-…` so they never
 * collide with the real catalogue's. Several routes on one function (Stripe's two webhooks, the payer's and receipt pages' GET
 * and HEAD) and public routes are the real catalogue's own, so they have no fixture. The fixtures have no
 * catalogue area: they deploy in a nested stack of their own (`OtherFunctions`, infra/stack.ts).
 */
import { catalog } from '@functions/catalog';
import { type FunctionSpec } from '@functions/function-spec';
import { PAYLINK_EVENT_SOURCE } from '@shared/contracts/realtime';

const ANY_HANDLER = 'functions/http/health.ts';

export const fixtureCatalog: readonly FunctionSpec[] = [
  ...catalog,
  {
    name: 'fixture-scheduled-verifier',
    description: 'Fixture: re-verifies pending payments on a schedule.',
    entry: ANY_HANDLER,
    schedule: { rateMinutes: 5 },
    tables: { payments: 'readwrite', stats: 'readwrite', merchants: 'read' },
    secrets: ['stripe-secret-key'],
    putsEvents: true,
    timeoutSeconds: 60,
  },
  {
    name: 'fixture-minute-sweeper',
    description: 'Fixture: a one-minute schedule with nothing declared.',
    entry: ANY_HANDLER,
    schedule: { rateMinutes: 1 },
  },
  {
    name: 'fixture-event-mailer',
    description: 'Fixture: emails a receipt when a payment succeeds or is refunded.',
    entry: ANY_HANDLER,
    rules: [
      { source: PAYLINK_EVENT_SOURCE, detailTypes: ['Payment Succeeded', 'Payment Refunded'] },
      { source: 'paylink.merchants', detailTypes: ['Merchant Updated'] },
    ],
    tables: { payments: 'read', merchants: 'read' },
    sendsEmail: true,
  },
];
