import { createPaymentLinkSchema } from '@shared/contracts/payment-links';
import { merchantStore } from '../adapters/merchant-store';
import { paymentLinkStore } from '../adapters/payment-link-store';
import { createPaymentLink } from '../domain/payment-links';
import { httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const merchantId = merchantIdOf(event);
  const input = createPaymentLinkSchema.parse(jsonBody(event));
  const deps = { links: paymentLinkStore, merchants: merchantStore, now: new Date() };
  return { status: 201, body: await createPaymentLink(merchantId, input, deps) };
});
