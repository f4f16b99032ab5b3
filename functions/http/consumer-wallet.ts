/** GET /api/consumer/wallet: the demo user's wallet, for a browser holding an unlock token (docs/decisions.md #6). */
import { consumerDemoDeps } from '../adapters/consumer-demo-deps';
import { consumerOfAuthorization, demoWallet } from '../domain/consumer-wallet';
import { httpHandler } from './http-handler';

export const handler = httpHandler(async (event) => {
  const deps = await consumerDemoDeps();
  consumerOfAuthorization(event.headers.authorization, deps);
  return { body: await demoWallet(deps) };
});
