// Moved down to lib/ so the dashboard home can read the connection too; this feature keeps its import path.
export { getStripeConnection, stripeConnectionQueryKey, useStripeConnection } from '@web/lib/stripe-connection-api';
