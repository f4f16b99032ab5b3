/** What other features use of the plan: its gate and the dashboard's status card. */
export { SubscriptionGate } from './components/subscription-gate';
export { SubscriptionStatusCard } from './components/subscription-status-card';
