/**
 * InitiateAuth with USER_PASSWORD_AUTH, answered as Cognito answers it: NotAuthorized for a wrong
 * password (never whether the account exists), the temporary lockout after repeated wrong ones, and the
 * SOFTWARE_TOKEN_MFA challenge for a user with two-factor on.
 */
import type { ExtensionDeps } from './cognito-local-types';
import type { Lockouts } from './lockout';

type PasswordAnswer = { ChallengeName?: string; ChallengeParameters?: Record<string, string>; Session?: string };

export function passwordSignIn(
  { router, errors }: ExtensionDeps,
  lockouts: Lockouts,
  startTotpChallenge: (answer: PasswordAnswer, clientId: string, lockoutKey: string) => PasswordAnswer,
) {
  return async function initiate(ctx: unknown, request: Record<string, unknown>) {
    const clientId = String(request.ClientId);
    // Keyed by the name given, known or not, so a lockout says nothing about who has an account.
    const username = String((request.AuthParameters as Record<string, string> | undefined)?.USERNAME ?? '');
    const lockoutKey = `${clientId}:${username.toLowerCase()}`;
    if (lockouts.isLockedOut(lockoutKey)) throw new errors.NotAuthorizedError('Password attempts exceeded');
    let answer: PasswordAnswer;
    try {
      answer = (await router('InitiateAuth')(ctx, request)) as PasswordAnswer;
    } catch (error) {
      if (error instanceof errors.InvalidPasswordError || error instanceof errors.NotAuthorizedError) {
        lockouts.recordFailure(lockoutKey);
        throw new errors.NotAuthorizedError('Incorrect username or password.');
      }
      throw error;
    }
    lockouts.recordSuccess(lockoutKey);
    return answer.ChallengeName === 'SOFTWARE_TOKEN_MFA' ? startTotpChallenge(answer, clientId, lockoutKey) : answer;
  };
}
