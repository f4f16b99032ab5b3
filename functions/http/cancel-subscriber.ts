/** POST /api/me/subscribers/{id}/cancel: the merchant ends a subscriber now or at the end of the period. */
import { cancelSubscriberSchema, subscriptionIdSchema } from '@shared/contracts/subscribers';
import { cancelSubscriberDeps } from '../adapters/recurring-deps';
import { cancelSubscriber } from '../domain/subscribers';
import { httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const subscriptionId = subscriptionIdSchema.parse(event.pathParameters?.id);
  const { when } = cancelSubscriberSchema.parse(jsonBody(event));
  return { body: await cancelSubscriber(merchantIdOf(event), subscriptionId, when, await cancelSubscriberDeps()) };
});
