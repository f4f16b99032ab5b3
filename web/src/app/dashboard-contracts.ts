/**
 * The contracts the dashboard's first screen parses its reads with, asked for by the entry on a signed-in
 * merchant's /dashboard before the dashboard's own code (dashboard-code.ts, docs/decisions.md #276): building
 * their zod schemas is most of the work of running that code, and as a file of their own they are run in a task
 * of their own, while the rest is still on its way, not in the one long task that runs everything together.
 */
export * as merchant from '@shared/contracts/merchant';
export * as paymentLinks from '@shared/contracts/payment-links';
export * as payments from '@shared/contracts/payments';
export * as stats from '@shared/contracts/stats';
export * as stripeConnection from '@shared/contracts/stripe-connection';
export * as subscription from '@shared/contracts/subscription';
export * as team from '@shared/contracts/team';
