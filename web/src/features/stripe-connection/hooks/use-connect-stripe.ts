import { useLocation } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import { stripeTripFrom } from '@shared/contracts/stripe-connection';
import { useCreateStripeOnboardingLink } from '../api/connect-stripe';
import { stripeConnectionStrings as strings } from '../stripe-connection-strings';

/**
 * 'Connect Stripe Account': asks the API for an onboarding page and opens it in a new tab. Stripe sends
 * that tab back to this page (docs/decisions.md #87); this tab hears of it by the realtime push, or
 * re-reads the status when it regains focus.
 */
export function useConnectStripe() {
  const createLink = useCreateStripeOnboardingLink();
  const { pathname } = useLocation();

  const connect = async () => {
    try {
      const { url } = await createLink.mutateAsync(stripeTripFrom(pathname));
      if (!url) {
        toast.error(strings.connectErrorTitle, { description: strings.noRedirectUrl });
        return;
      }
      window.open(url, '_blank', 'noopener');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      toast.error(strings.connectErrorTitle, { description: strings.connectFailed(message) });
    }
  };

  return { connect: () => void connect(), isConnecting: createLink.isPending };
}
