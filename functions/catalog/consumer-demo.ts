/**
 * The consumer wallet demo (docs/decisions.md #6).
 * Part of the catalogue (functions/catalog.ts, which assembles the parts in this order).
 */
import type { FunctionSpec } from '../function-spec';

export const consumerDemoFunctions: readonly FunctionSpec[] = [
  {
    name: 'consumer-demo',
    description:
      "The consumer demo: its password gate (checks the password's hash, answers a short-lived unlock token) and the demo user's wallet for a browser holding one.",
    entry: 'functions/http/consumer-demo.ts',
    routes: [
      { method: 'POST', path: '/api/consumer/unlock', auth: 'public' },
      { method: 'GET', path: '/api/consumer/wallet', auth: 'public' },
    ],
    // events: a per-client count of unlock attempts, tighter than the public routes' limit.
    tables: { wallets: 'readwrite', events: 'readwrite' },
    secrets: ['consumer-demo-password-hash'],
  },
];
