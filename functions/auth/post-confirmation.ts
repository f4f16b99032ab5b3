/**
 * Cognito's PostConfirmation trigger: after a confirmed password reset, every session signed in before it
 * ends (functions/domain/sessions.ts). A confirmed sign-up needs nothing here.
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { cognitoSessions } from '../adapters/cognito-sessions';
import { sessionEndStore } from '../adapters/session-end-store';
import { endSessionsAfterPasswordReset } from '../domain/sessions';

export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  await endSessionsAfterPasswordReset(event, cognitoSessions, sessionEndStore);
  return event;
}
