import { merchantStripeDeps } from '../adapters/merchant-stripe-deps';
import { openBillingPortal } from '../domain/subscription';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await openBillingPortal(merchantIdOf(event), await merchantStripeDeps()),
}));
