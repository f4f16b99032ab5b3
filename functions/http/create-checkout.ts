import { checkoutRequestSchema } from '@shared/contracts/checkout';
import { ENV } from '../environment';
import { merchantStore } from '../adapters/merchant-store';
import { telemetry } from '../adapters/observability';
import { linkPlacesStore, paymentLinkStore } from '../adapters/payment-link-store';
import { paymentStore } from '../adapters/payment-store';
import { stripeClient } from '../adapters/stripe-client';
import { startCheckout } from '../domain/checkout';
import { httpHandler, jsonBody } from './http-handler';

export const handler = httpHandler(async (event) => {
  const request = checkoutRequestSchema.parse(jsonBody(event));
  return {
    body: await startCheckout(request, {
      links: paymentLinkStore,
      places: linkPlacesStore,
      merchants: merchantStore,
      payments: paymentStore,
      stripe: await stripeClient(),
      appOrigin: process.env[ENV.appOrigin] ?? '',
      telemetry,
      now: new Date(),
    }),
  };
});
