import { ENV } from '../environment';
import { log } from '../adapters/observability';
import { paymentHistoryStore } from '../adapters/payment-history-store';
import { readSecret } from '../adapters/secrets';
import { stripeClient } from '../adapters/stripe-client';
import { getMerchantPayment } from '../domain/payment-history';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const merchantId = merchantIdOf(event);
  const deps = {
    history: paymentHistoryStore,
    stripe: stripeClient,
    stripeKey: { secretKey: await readSecret('stripe-secret-key'), dashboardBase: process.env[ENV.stripeDashboardUrl] },
    log: (message: string, error: unknown) => log.warn(message, { error: String(error) }),
  };
  return { body: await getMerchantPayment(merchantId, event.pathParameters?.id ?? '', deps) };
});
