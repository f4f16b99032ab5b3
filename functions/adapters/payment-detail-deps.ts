import { ENV } from '../environment';
import { log } from './observability';
import { paymentHistoryStore } from './payment-history-store';
import { readSecret } from './secrets';
import { stripeClient } from './stripe-client';

/**
 * One payment's detail: the history, Stripe as the client (to fill in what settlement missed), the key's
 * mode for the dashboard link, and a log for a Stripe call that failed.
 */
export async function paymentDetailDeps() {
  return {
    history: paymentHistoryStore,
    stripe: await stripeClient(),
    stripeKey: { secretKey: await readSecret('stripe-secret-key'), dashboardBase: process.env[ENV.stripeDashboardUrl] },
    log: (message: string, error: unknown) => log.warn(message, { error: String(error) }),
  };
}
