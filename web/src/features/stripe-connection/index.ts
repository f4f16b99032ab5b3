/** What other features use of the Stripe connection: its gate, its Settings card and the return from onboarding. */
export { StripeConnectionGate } from './components/stripe-connection-gate';
export { StripeIntegrationCard } from './components/stripe-integration-card';
export { useStripeReturn } from './hooks/use-stripe-return';
