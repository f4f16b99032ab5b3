/**
 * Stripe Billing, the one import point for the sandbox's routes and pages: customers and prices
 * (`customers-and-prices.ts`), and subscriptions — the platform's own plan with a trial, and merchants'
 * recurring links on their connected accounts — and their invoices (`subscriptions.ts`); the billing portal's
 * configurations and sessions (`portal-configurations.ts`).
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
  listInvoices,
  listSubscriptions,
  resumeSubscription,
  startSubscription,
  trialEndAfter,
  updateSubscription,
  type Subscription,
  type SubscriptionItem,
} from './subscriptions';
export {
  createPortalConfiguration,
  createPortalSession,
  featuresOfSession,
  listPortalConfigurations,
} from './portal-configurations';
