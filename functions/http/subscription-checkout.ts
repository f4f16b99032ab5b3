import { merchantStripeDeps } from '../adapters/merchant-stripe-deps';
import { startSubscriptionCheckout } from '../domain/subscription';
import { stripeTripSchema } from '@shared/contracts/stripe-connection';
import { httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await startSubscriptionCheckout(
    merchantIdOf(event),
    stripeTripSchema.parse(jsonBody(event)),
    await merchantStripeDeps(),
  ),
}));
