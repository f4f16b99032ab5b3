import { Sparkles } from 'lucide-react';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { useUpgradeToBusiness } from '../hooks/use-open-billing-pages';
import { subscriptionStrings as strings } from '../subscription-strings';

/** 'Upgrade to Business': opens Stripe Checkout for the Business plan in a new tab. */
export function UpgradeButton(props: Omit<ButtonProps, 'onClick' | 'children'>) {
  const { upgrade, isOpening } = useUpgradeToBusiness();
  return (
    <Button {...props} onClick={upgrade} disabled={isOpening || props.disabled}>
      <Sparkles aria-hidden="true" />
      {isOpening ? strings.openingCheckout : strings.upgrade}
    </Button>
  );
}
