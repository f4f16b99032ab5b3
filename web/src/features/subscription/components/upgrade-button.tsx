import { Sparkles } from 'lucide-react';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { useCurrentRole } from '@web/features/team';
import { useUpgradeToBusiness } from '../hooks/use-open-billing-pages';
import { subscriptionStrings as strings } from '../subscription-strings';

/**
 * 'Upgrade to Business': opens Stripe Checkout for the Business plan in a new tab. The plan is the owner's
 * (docs/decisions.md #161): a Manager or Staff member is told so instead.
 */
export function UpgradeButton(props: Omit<ButtonProps, 'onClick' | 'children'>) {
  const { upgrade, isOpening } = useUpgradeToBusiness();
  const role = useCurrentRole();
  if (role && role !== 'owner') return <p className="text-sm text-muted-foreground">{strings.planHidden(role)}</p>;
  return (
    <Button {...props} onClick={upgrade} disabled={isOpening || props.disabled}>
      <Sparkles aria-hidden="true" />
      {isOpening ? strings.openingCheckout : strings.upgrade}
    </Button>
  );
}
