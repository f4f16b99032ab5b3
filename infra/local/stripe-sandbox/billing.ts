/**
 * The platform's own billing (Paylink's NZD 29/month plan), the one import point for the sandbox's routes
 * and pages: customers and prices (`customers-and-prices.ts`), and subscriptions with a trial, their
 * invoices and the billing portal (`subscriptions.ts`).
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
  cancelNow,
  createPortalSession,
  endTrial,
  listSubscriptions,
  resumeSubscription,
  startSubscription,
  trialEndAfter,
  updateSubscription,
  type Subscription,
  type SubscriptionItem,
} from './subscriptions';
