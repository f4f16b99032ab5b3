import { toast } from '@web/lib/toast';
import { useStripeConnection } from '../api/get-stripe-connection';
import { stripeConnectionStrings as strings } from '../stripe-connection-strings';

/**
 * Reads the Stripe status again and says what it found: connected, one of the processing messages,
 * or the verification error.
 */
export function useCheckStripeStatus() {
  const connection = useStripeConnection();

  const check = async (): Promise<boolean> => {
    const result = await connection.refetch();
    if (result.isError) {
      toast.error(strings.verify.errorTitle, { description: strings.verify.failed(result.error.message) });
      return false;
    }
    if (!result.data) return false;
    if (result.data.connected) {
      toast.success(strings.verify.connectedTitle, { description: strings.verify.connected });
    } else {
      toast.info(strings.verify.processingTitle, {
        description: strings.processingMessage(result.data.account_status),
      });
    }
    return true;
  };

  return { connection, check };
}
