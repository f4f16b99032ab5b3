/**
 * Stripe Billing, the one import point for the sandbox's routes and pages: customers and prices
 * (`customers-and-prices.ts`), and subscriptions — the platform's own plan with a trial, and merchants'
 * recurring links on their connected accounts — their invoices and the billing portal (`subscriptions.ts`).
 * Renewals, retries and test clocks: subscription-renewals.ts, test-clocks.ts.
 */
export {
  createCustomer,
  createCustomerFromParams,
  createPrice,
  retrieve,
  type Customer,
  type Price,
} from './customers-and-prices';
export {
  cancelAtPeriodEnd,
  cancelFromParams,
  cancelNow,
  createPortalSession,
  listInvoices,
  listSubscriptions,
  resumeSubscription,
  startSubscription,
  trialEndAfter,
  updateSubscription,
  type Subscription,
  type SubscriptionItem,
} from './subscriptions';
