import { readSecret } from '../adapters/secrets';
import { createBotCheckChallenge } from '../domain/bot-check';
import { httpHandler } from './http-handler';

/** The ALTCHA widget fetches its challenge here; each one is fresh, so nothing may cache it. */
export const handler = httpHandler(async () => ({
  body: await createBotCheckChallenge(await readSecret('bot-check-key'), new Date()),
  headers: { 'cache-control': 'no-store' },
}));
