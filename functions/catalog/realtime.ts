/**
 * The realtime socket: its authorizer, its connections, and what pushes to them.
 * Part of the catalogue (functions/catalog.ts, which assembles the parts in this order).
 */
import { MERCHANT_UPDATED, PAYLINK_EVENT_SOURCE, PAYMENT_UPDATED } from '@shared/contracts/realtime';
import type { FunctionSpec } from '../function-spec';

export const realtimeFunctions: readonly FunctionSpec[] = [
  {
    name: 'realtime-authorizer',
    description:
      "Verifies the Cognito token a browser offers when it opens the realtime socket, and the person's membership of the business it watches.",
    entry: 'functions/realtime/authorize-connection.ts',
    webSocketAuthorizer: true,
    // The person's membership of the business (#196) and their session cut (docs/decisions.md #200).
    tables: { members: 'read' },
  },
  {
    name: 'realtime-connections',
    description: "Remembers and forgets a merchant's open realtime sockets.",
    entry: 'functions/realtime/track-connection.ts',
    webSocketRoutes: ['$connect', '$disconnect'],
    tables: { connections: 'readwrite' },
  },
  {
    name: 'close-expired-connections',
    description: 'Every 5 minutes: closes realtime sockets whose token has expired.',
    entry: 'functions/events/close-expired-connections.ts',
    schedule: { rateMinutes: 5 },
    tables: { connections: 'readwrite' },
    pushesToConnections: true,
  },
  {
    name: 'notify-merchant',
    description:
      "Pushes a payment's new status, or a change Stripe made to the merchant, to their open dashboards; emails the merchant each payment received and the payer its receipt, once each.",
    entry: 'functions/events/notify-merchant.ts',
    rules: [{ source: PAYLINK_EVENT_SOURCE, detailTypes: [PAYMENT_UPDATED, MERCHANT_UPDATED] }],
    // merchants and payments: the 'Payment received' email's setting and its claim (docs/decisions.md #93), and
    // the payer's receipt's claim (#172).
    tables: { connections: 'readwrite', merchants: 'read', payments: 'readwrite' },
    pushesToConnections: true,
    sendsEmail: true,
  },
];
