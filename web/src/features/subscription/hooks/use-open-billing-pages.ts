import { useLocation } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import { stripeTripFrom } from '@shared/contracts/stripe-connection';
import { useCreateBillingPortalSession, useCreateSubscriptionCheckout } from '../api/open-stripe-billing-page';
import { subscriptionStrings as strings } from '../subscription-strings';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** 'Upgrade to Business': Stripe Checkout in a new tab, which comes back to this page (docs/decisions.md #87). */
export function useUpgradeToBusiness() {
  const checkout = useCreateSubscriptionCheckout();
  const { pathname } = useLocation();
  const upgrade = async () => {
    try {
      const { url } = await checkout.mutateAsync(stripeTripFrom(pathname));
      if (!url) throw new Error(strings.noRedirectUrl);
      window.open(url, '_blank', 'noopener');
    } catch (error) {
      toast.error(strings.checkoutFailedTitle, { description: strings.checkoutFailed(messageOf(error)) });
    }
  };
  return { upgrade: () => void upgrade(), isOpening: checkout.isPending };
}

/** 'Manage subscription': Stripe's billing portal in a new tab. */
export function useManageSubscription() {
  const portal = useCreateBillingPortalSession();
  const { pathname } = useLocation();
  const manage = async () => {
    try {
      const { url } = await portal.mutateAsync(stripeTripFrom(pathname));
      if (!url) throw new Error(strings.noRedirectUrl);
      window.open(url, '_blank', 'noopener');
    } catch (error) {
      toast.error(strings.portalFailedTitle, { description: strings.portalFailed(messageOf(error)) });
    }
  };
  return { manage: () => void manage(), isOpening: portal.isPending };
}
