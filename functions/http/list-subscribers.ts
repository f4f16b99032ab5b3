/** GET /api/me/subscribers: the merchant's recurring links' subscribers, newest first, of one link if asked. */
import { subscriberListQuerySchema } from '@shared/contracts/subscribers';
import { subscriberStore } from '../adapters/subscriber-store';
import { listSubscribers } from '../domain/subscribers';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const query = subscriberListQuerySchema.parse(event.queryStringParameters ?? {});
  return { body: await listSubscribers(merchantIdOf(event), query.linkId, subscriberStore) };
});
