import { toast } from 'sonner';
import { useCreateStripeOnboardingLink } from '../api/connect-stripe';
import { stripeConnectionStrings as strings } from '../stripe-connection-strings';

/**
 * 'Connect Stripe Account': asks the API for an onboarding page and opens it in a new tab. The
 * merchant comes back to this tab afterwards, where the status query re-reads on focus.
 */
export function useConnectStripe() {
  const createLink = useCreateStripeOnboardingLink();

  const connect = async () => {
    try {
      const { url } = await createLink.mutateAsync();
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
