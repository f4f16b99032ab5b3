/**
 * Sign-up: a verified bot check, a Cognito user (who must confirm the emailed link before signing in),
 * and the merchant row with its 30-day trial. Only this path can create users: the pre-sign-up trigger
 * refuses any sign-up without a ticket signed here, so the bot check cannot be skipped by calling
 * Cognito directly with the public client id.
 *
 * The user and the row are two writes in two services, so a sign-up can fail between them. Cognito tells
 * the user's id only when it creates the user, so that is when the sign-up is remembered (user id and the
 * row to write) until the row is written: a retry that finds the user already there finishes the
 * remembered sign-up — the row exactly as first asked for, never the retry's own fields — and answers as
 * the first attempt would have. Nothing the retry sends is trusted beyond its bot check: finishing someone
 * else's half-made sign-up only writes their own row and re-sends their own verification email.
 */
import type { SignupData, SignupResponse } from '@shared/contracts/signup';
import { assertBotCheckPassed } from './bot-check';
import { HttpError } from './http-error';
import { newMerchant, type MerchantRecord, type MerchantRepository } from './merchants';
import type { OneTimeRecords } from './one-time-records';
import { epochSeconds, signToken, verifyToken } from './signed-tokens';

export interface UserDirectory {
  signUp(user: {
    email: string;
    password: string;
    fullName: string;
    signupTicket: string;
    /** Signed up from a team invitation: their verification link says so (JOINING_TEAM_QUERY). */
    joinsTeam?: boolean;
  }): Promise<
    { outcome: 'created'; userId: string } | { outcome: 'exists' } | { outcome: 'weak-password'; message: string }
  >;
  /** Emails the verification link again; a no-op for a user who has confirmed already. */
  resendVerification(email: string): Promise<void>;
  /**
   * A user's email and name by their id (AdminGetUser: the browser's token carries no scope for Cognito's GetUser,
   * docs/decisions.md #259); undefined for no such user.
   */
  userOf(userId: string): Promise<{ email: string; name?: string } | undefined>;
}

/** Sign-ups whose Cognito user exists but whose merchant row may not yet, by email. */
export interface PendingSignups {
  save(pending: PendingSignup, expiresAt: Date): Promise<void>;
  get(email: string, now: Date): Promise<PendingSignup | undefined>;
  remove(email: string): Promise<void>;
}
export interface PendingSignup {
  email: string;
  userId: string;
  merchant: MerchantRecord;
}

/** Long enough for any retry; Cognito keeps an unconfirmed user (and its verification link) that long too. */
const REMEMBER_PENDING_SIGNUP_MS = 30 * 24 * 60 * 60 * 1000;

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
    pendingSignups: PendingSignups;
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
  if (result.outcome === 'exists') {
    const finished = await finishPendingSignup(signup.email, deps);
    if (finished) return finished;
    throw new HttpError(409, 'account_exists', ACCOUNT_EXISTS_MESSAGE);
  }
  if (result.outcome === 'weak-password') {
    throw new HttpError(400, 'invalid_request', result.message, { password: result.message });
  }
  const merchant = newMerchant(result.userId, signup, deps.now);
  await deps.pendingSignups.save(
    { email: signup.email, userId: result.userId, merchant },
    new Date(deps.now.getTime() + REMEMBER_PENDING_SIGNUP_MS),
  );
  await deps.merchants.create(merchant);
  await deps.pendingSignups.remove(signup.email);
  return { merchantId: result.userId, email: signup.email, verificationRequired: true };
}

/** Writes the row a half-made sign-up left unwritten; undefined when there is none to finish. */
async function finishPendingSignup(
  email: string,
  deps: { users: UserDirectory; merchants: MerchantRepository; pendingSignups: PendingSignups; now: Date },
): Promise<SignupResponse | undefined> {
  const pending = await deps.pendingSignups.get(email, deps.now);
  if (!pending) return undefined;
  if (!(await deps.merchants.get(pending.userId))) await deps.merchants.create(pending.merchant);
  await deps.pendingSignups.remove(email);
  // The first attempt's email may be lost among the error it showed: send the link again.
  await deps.users.resendVerification(email);
  return { merchantId: pending.userId, email, verificationRequired: true };
}

/**
 * The other way a half-made sign-up is finished: its person got the verification email, confirmed and
 * signed in without retrying the form. Their first profile read writes the remembered row. The token
 * proves who they are, and the directory is asked for their email.
 * A user with neither row nor remembered sign-up stays without a profile (a 404, 'User profile not found').
 */
export async function finishSignupOnFirstSignIn(
  merchantId: string,
  deps: { users: UserDirectory; merchants: MerchantRepository; pendingSignups: PendingSignups; now: Date },
): Promise<void> {
  // An ended session never gets here: the handler checks the person's session cut first (#200).
  const email = (await deps.users.userOf(merchantId))?.email;
  if (!email) return;
  const pending = await deps.pendingSignups.get(email, deps.now);
  if (pending?.userId !== merchantId) return;
  if (!(await deps.merchants.get(merchantId))) await deps.merchants.create(pending.merchant);
  await deps.pendingSignups.remove(email);
}
