/**
 * Cognito pre-sign-up: only sign-ups that went through `POST /api/signup` (and so passed the bot check)
 * carry a valid ticket. Anyone calling Cognito's SignUp directly with the public client id is refused.
 */
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { readSecret } from '../adapters/secrets';
import { isValidSignupTicket } from '../domain/signup';

export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource !== 'PreSignUp_SignUp') return event;
  const email = event.request.userAttributes.email ?? '';
  const ticket = event.request.clientMetadata?.signupTicket;
  if (!isValidSignupTicket(await readSecret('bot-check-key'), ticket, email, new Date())) {
    throw new Error('Please sign up through the Paylink sign-up page.');
  }
  return event;
}
