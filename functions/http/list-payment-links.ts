import { paymentLinkStore } from '../adapters/payment-link-store';
import { listPaymentLinks } from '../domain/payment-links';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await listPaymentLinks(merchantIdOf(event), paymentLinkStore, new Date()),
}));
