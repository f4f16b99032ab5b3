/**
 * The real catalogue plus entries that exercise what it does not use yet: a schedule (including the
 * singular `rate(1 minute)`), secrets, SES, PutEvents, several rules on one function. Entries point at
 * existing handlers: only the wiring is under test. Names are `fixture-…` so they never collide with the
 * real catalogue's. Several merchant routes on one function and public routes are the real catalogue's own
 * now (payment-requests, the payer's routes), so they have no fixture: each fixture costs the synthesized
 * stack resources, and the real one is near CloudFormation's 500 per stack.
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
