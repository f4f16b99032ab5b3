/**
 * ALTCHA: a self-hosted proof-of-work bot check (docs/decisions.md #5). The server issues a signed
 * challenge, the browser's widget solves it, and sign-up accepts a solution once, before it expires.
 */
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { HttpError } from './http-error';
import type { OneTimeRecords } from './one-time-records';

const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;
/** Solving takes a phone well under a second; a bot signing up thousands of accounts pays for each. */
const MIN_COUNTER = 5_000;
const MAX_COUNTER = 50_000;

export const BOT_CHECK_FAILED_MESSAGE = 'Security verification failed. Please complete the check again.';

export function createBotCheckChallenge(key: string, now: Date): Promise<Challenge> {
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(MIN_COUNTER, MAX_COUNTER),
    deriveKey,
    hmacSignatureSecret: key,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
  });
}

function decodePayload(encoded: string): Payload | undefined {
  try {
    const payload = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Payload;
    return payload?.challenge?.parameters && payload.solution ? payload : undefined;
  } catch {
    return undefined;
  }
}

/** Throws a 400 unless the payload solves a challenge we signed, in time, for the first time. */
export async function assertBotCheckPassed(encoded: string, key: string, records: OneTimeRecords, now: Date) {
  const payload = decodePayload(encoded);
  const refused = new HttpError(400, 'bot_check_failed', BOT_CHECK_FAILED_MESSAGE, {
    botCheck: BOT_CHECK_FAILED_MESSAGE,
  });
  if (!payload) throw refused;
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: key,
  }).catch(() => undefined);
  if (!result?.verified) throw refused;
  const expiresAt = payload.challenge.parameters.expiresAt;
  const firstUse = await records.claim(
    `bot-check#${payload.challenge.parameters.nonce}`,
    new Date(expiresAt ? expiresAt * 1000 : now.getTime() + CHALLENGE_LIFETIME_MS),
    now,
  );
  if (!firstUse) throw refused;
}
