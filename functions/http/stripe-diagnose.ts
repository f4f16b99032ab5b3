import { merchantStripeDeps } from '../adapters/merchant-stripe-deps';
import { diagnoseStripe } from '../domain/stripe-connection';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await diagnoseStripe(merchantIdOf(event), await merchantStripeDeps()),
}));
