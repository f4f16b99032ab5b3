import { firstSignInDeps } from './first-sign-in-deps';
import { oneTimeRecordStore } from './one-time-record-store';
import { readSecret } from './secrets';

/** Sign-up: the bot-check key and its spent solutions, and what the first sign-in would finish with. */
export async function signupDeps(now = new Date()) {
  return { botCheckKey: await readSecret('bot-check-key'), records: oneTimeRecordStore, ...firstSignInDeps(now) };
}
