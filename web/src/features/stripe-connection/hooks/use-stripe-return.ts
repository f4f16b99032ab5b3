import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import { STRIPE_RETURN_PARAMS } from '@shared/contracts/stripe-connection';
import { stripeConnectionQueryKey, getStripeConnection } from '../api/get-stripe-connection';
import { stripeConnectionStrings } from '../stripe-connection-strings';

const strings = stripeConnectionStrings.verify;
/** Wait before verifying after the provider return, so Stripe has settled the account. */
const VERIFY_DELAY_MS = 2000;

/**
 * The return from onboarding, on the dashboard page it began on (the shell runs this on every page,
 * docs/decisions.md #87): Stripe sends the merchant back with ?stripe_connected=true
 * (verify, then say connected or still processing) or ?stripe_refresh=true (the onboarding link expired).
 * The parameter is removed from the URL without a history entry, so a reload does not repeat the toast.
 */
export function useStripeReturn() {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const connected = searchParams.get(STRIPE_RETURN_PARAMS.connected) === 'true';
  const refresh = searchParams.get(STRIPE_RETURN_PARAMS.refresh) === 'true';
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || (!connected && !refresh)) return;
    handled.current = true;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(STRIPE_RETURN_PARAMS.connected);
        next.delete(STRIPE_RETURN_PARAMS.refresh);
        return next;
      },
      { replace: true },
    );

    if (refresh) {
      toast.warning(strings.incompleteTitle, { description: strings.incomplete });
      return;
    }
    void verifyAfterReturn();

    async function verifyAfterReturn() {
      try {
        await new Promise((resolve) => setTimeout(resolve, VERIFY_DELAY_MS));
        const connection = await queryClient.fetchQuery({
          queryKey: stripeConnectionQueryKey,
          queryFn: getStripeConnection,
          staleTime: 0,
        });
        if (connection.connected) {
          toast.success(strings.connectedTitle, { description: strings.connected });
        } else {
          toast.info(strings.processingTitle, {
            description: stripeConnectionStrings.processingMessage(connection.account_status),
          });
        }
      } catch (error) {
        console.error('Could not verify the Stripe account after the return', error);
        toast.error(strings.errorTitle, { description: strings.returnUnverified });
      }
    }
  }, [connected, refresh, queryClient, setSearchParams]);
}
