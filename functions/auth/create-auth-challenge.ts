/** The custom challenge is "answer with your magic-link token"; the link was emailed by POST /api/auth/magic-link. */
import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';

export async function handler(event: CreateAuthChallengeTriggerEvent): Promise<CreateAuthChallengeTriggerEvent> {
  event.response.publicChallengeParameters = { challenge: 'MAGIC_LINK' };
  event.response.privateChallengeParameters = { challenge: 'MAGIC_LINK' };
  event.response.challengeMetadata = 'MAGIC_LINK';
  return event;
}
