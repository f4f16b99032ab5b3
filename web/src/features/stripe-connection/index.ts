/**
 * What other features use of the Stripe connection: its gate, its Settings card, the return from onboarding
 * and the Connect button's action (the dashboard's setup checklist).
 */
export { StripeConnectionGate } from './components/stripe-connection-gate';
export { StripeIntegrationCard } from './components/stripe-integration-card';
export { useStripeReturn } from './hooks/use-stripe-return';
export { useConnectStripe } from './hooks/use-connect-stripe';
