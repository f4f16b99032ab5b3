/** Accepts a magic-link token once: ours, unexpired, for this user's email, and not used before. */
import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { oneTimeRecordStore } from '../adapters/one-time-record-store';
import { readSecret } from '../adapters/secrets';
import { redeemMagicLink } from '../domain/magic-links';

export async function handler(
  event: VerifyAuthChallengeResponseTriggerEvent,
): Promise<VerifyAuthChallengeResponseTriggerEvent> {
  event.response.answerCorrect = await redeemMagicLink(
    String(event.request.challengeAnswer ?? ''),
    event.request.userAttributes.email ?? '',
    { key: await readSecret('magic-link-key'), records: oneTimeRecordStore, now: new Date() },
  );
  return event;
}
