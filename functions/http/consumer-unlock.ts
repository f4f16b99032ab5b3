/**
 * POST /api/consumer/unlock: the consumer demo's password gate, checked here (docs/decisions.md #6). A right
 * password answers a short-lived unlock token; a wrong one 'Invalid password'; too many tries a 429.
 */
import { consumerUnlockRequestSchema } from '@shared/contracts/consumer';
import { consumerDemoDeps } from '../adapters/consumer-demo-deps';
import { unlockConsumerDemo } from '../domain/consumer-wallet';
import { clientAddressOf } from './client-address';
import { httpHandler, jsonBody } from './http-handler';

export const handler = httpHandler(async (event) => {
  const { password } = consumerUnlockRequestSchema.parse(jsonBody(event));
  return { body: await unlockConsumerDemo(password, clientAddressOf(event), await consumerDemoDeps()) };
});
