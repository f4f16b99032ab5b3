/** What other features use of the plan: its gate, the dashboard's status card and the header's plan badge. */
export { SubscriptionGate } from './components/subscription-gate';
export { SubscriptionStatusCard } from './components/subscription-status-card';
export { PlanBadge } from './components/plan-badge';
export { subscriptionStatusQuery, useSubscriptionStatus } from './api/get-subscription-status';
