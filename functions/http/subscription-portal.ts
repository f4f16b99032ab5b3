import { merchantStripeDeps } from '../adapters/merchant-stripe-deps';
import { openBillingPortal } from '../domain/subscription';
import { stripeTripSchema } from '@shared/contracts/stripe-connection';
import { httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await openBillingPortal(
    merchantIdOf(event),
    stripeTripSchema.parse(jsonBody(event)),
    await merchantStripeDeps(),
  ),
}));
