/**
 * Sign-up: a verified bot check, a Cognito user (who must confirm the emailed link before signing in),
 * and the merchant row with its 30-day trial. Only this path can create users: the pre-sign-up trigger
 * refuses any sign-up without a ticket signed here, so the bot check cannot be skipped by calling
 * Cognito directly with the public client id.
 */
import type { SignupData, SignupResponse } from '../../shared/contracts/signup';
import { assertBotCheckPassed } from './bot-check';
import { HttpError } from './http-error';
import { newMerchant, type MerchantRepository } from './merchants';
import type { OneTimeRecords } from './one-time-records';
import { epochSeconds, signToken, verifyToken } from './signed-tokens';

export interface UserDirectory {
  signUp(user: {
    email: string;
    password: string;
    fullName: string;
    signupTicket: string;
  }): Promise<
    { outcome: 'created'; userId: string } | { outcome: 'exists' } | { outcome: 'weak-password'; message: string }
  >;
}

const TICKET_LIFETIME_SECONDS = 60;

export function signupTicket(key: string, email: string, now: Date): string {
  return signToken(key, { purpose: 'signup', email, exp: epochSeconds(now) + TICKET_LIFETIME_SECONDS });
}

export function isValidSignupTicket(key: string, ticket: string | undefined, email: string, now: Date): boolean {
  if (!ticket) return false;
  const payload = verifyToken<{ purpose: string; email: string; exp: number }>(key, ticket, now);
  return payload?.purpose === 'signup' && payload.email === email.toLowerCase();
}

export const ACCOUNT_EXISTS_MESSAGE = 'An account with this email already exists.';

export async function signUpMerchant(
  signup: SignupData,
  deps: {
    botCheckKey: string;
    records: OneTimeRecords;
    users: UserDirectory;
    merchants: MerchantRepository;
    now: Date;
  },
): Promise<SignupResponse> {
  await assertBotCheckPassed(signup.botCheck, deps.botCheckKey, deps.records, deps.now);
  const result = await deps.users.signUp({
    email: signup.email,
    password: signup.password,
    fullName: signup.fullName,
    signupTicket: signupTicket(deps.botCheckKey, signup.email, deps.now),
  });
  if (result.outcome === 'exists') throw new HttpError(409, 'account_exists', ACCOUNT_EXISTS_MESSAGE);
  if (result.outcome === 'weak-password') {
    throw new HttpError(400, 'invalid_request', result.message, { password: result.message });
  }
  await deps.merchants.create(newMerchant(result.userId, signup, deps.now));
  return { merchantId: result.userId, email: signup.email, verificationRequired: true };
}
