/**
 * Cognito custom auth, step by step: ask one custom challenge (the magic-link token); issue tokens when it
 * was answered correctly; fail otherwise. A wrong or reused token ends the attempt. A merchant with two-factor
 * on is refused before the token is asked for (docs/decisions.md #169): Cognito asks no authenticator code
 * after a challenge without a password, so such a merchant signs in with the password and the code.
 */
import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { hasTwoFactor } from '../adapters/cognito-two-factor';

export async function handler(event: DefineAuthChallengeTriggerEvent): Promise<DefineAuthChallengeTriggerEvent> {
  const session = event.request.session ?? [];
  const last = session.at(-1);
  if (event.request.userNotFound || (session.length === 0 && (await hasTwoFactor(event.userPoolId, event.userName)))) {
    event.response.failAuthentication = true;
    event.response.issueTokens = false;
  } else if (session.length === 0) {
    event.response.challengeName = 'CUSTOM_CHALLENGE';
    event.response.failAuthentication = false;
    event.response.issueTokens = false;
  } else if (last?.challengeName === 'CUSTOM_CHALLENGE' && last.challengeResult) {
    event.response.issueTokens = true;
    event.response.failAuthentication = false;
  } else {
    event.response.issueTokens = false;
    event.response.failAuthentication = true;
  }
  return event;
}
