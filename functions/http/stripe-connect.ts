import { merchantStripeDeps } from '../adapters/merchant-stripe-deps';
import { startStripeOnboarding } from '../domain/stripe-connection';
import { stripeTripSchema } from '@shared/contracts/stripe-connection';
import { httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await startStripeOnboarding(
    merchantIdOf(event),
    stripeTripSchema.parse(jsonBody(event)),
    await merchantStripeDeps(),
  ),
}));
