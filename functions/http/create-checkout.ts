import { checkoutRequestSchema } from '@shared/contracts/checkout';
import { checkoutDeps } from '../adapters/checkout-deps';
import { startCheckout } from '../domain/checkout';
import { clientAddressOf } from './client-address';
import { httpHandler, jsonBody } from './http-handler';

export const handler = httpHandler(async (event) => {
  const request = checkoutRequestSchema.parse(jsonBody(event));
  return { body: await startCheckout(request, clientAddressOf(event), await checkoutDeps()) };
});
