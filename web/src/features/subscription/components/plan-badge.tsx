import type { MerchantProfile } from '@shared/contracts/merchant';
import { Badge } from '@web/components/ui/badge';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { subscriptionStrings } from '../subscription-strings';

const strings = subscriptionStrings.planBadge;

/**
 * The plan in the dashboard's header: "Trial" until the trial ends, even once a Business subscription
 * waits to charge after it, then "Business Plan" (docs/decisions.md #87).
 */
export function PlanBadge({ plan }: { plan: MerchantProfile['plan'] }) {
  const subscription = useSubscriptionStatus();
  const status = subscription.data;
  // Until the plan is read, the profile already knows a merchant with no subscription is on the trial.
  if (!status) return plan === 'business-trial' ? <Badge variant="brand">{strings.trial}</Badge> : null;
  if (status.trialing) return <Badge variant="brand">{strings.trial}</Badge>;
  if (status.access === 'expired') return <Badge variant="warning">{strings.expired}</Badge>;
  return <Badge variant="brand">{strings.business}</Badge>;
}
