/** GET /api/consumer/wallet: the demo user's wallet, for a browser holding an unlock token (docs/decisions.md #6). */
import { readSecret } from '../adapters/secrets';
import { walletStore } from '../adapters/wallet-store';
import { consumerOfAuthorization, demoWallet } from '../domain/consumer-wallet';
import { httpHandler } from './http-handler';

export const handler = httpHandler(async (event) => {
  const now = new Date();
  consumerOfAuthorization(event.headers.authorization, {
    passwordHash: await readSecret('consumer-demo-password-hash'),
    now,
  });
  return { body: await demoWallet({ wallets: walletStore, now }) };
});
