/**
 * Two-factor on every way in (docs/decisions.md #169, issue 48 door 3). Turning the authenticator app on or
 * off is Paylink's own route: on needs a code from the new app, off needs the password and a current code,
 * checked by signing in afresh on the server (a session left open is not enough), and either ends every
 * session, so a refresh token from before stops working. A magic link signs in no merchant who has two-factor
 * on: Cognito cannot ask the app's code after a challenge without a password (magic-links.ts).
 *
 * Paylink keeps its own record of the person's two-factor, and Cognito's token trigger refuses to issue
 * tokens while that record says on and Cognito says off (docs/decisions.md #250). The browser's tokens carry
 * no scope for Cognito's own operations (#259): setting the app up, turning it on and off are done here,
 * with the person's password, through a server-only client's sign-in.
 */
import type { TwoFactorChange, TwoFactorChangeResponse } from '@shared/contracts/auth';
import { HttpError } from './http-error';
import { requireMerchant, type MerchantRepository } from './merchants';
import { endEverySession, type SessionEndRepository } from './session-ends';

/**
 * A sign-in with the password through the server-only client (docs/decisions.md #259), whose token may call
 * Cognito's own operations: the tokens, and whether Cognito asked the authenticator code (two-factor on in
 * Cognito); or why not. Every sign-in comes with a refresh token (60 minutes at the least), which Paylink never
 * uses: it is revoked before the route answers (#286).
 */
export interface ServerSession {
  accessToken: string;
  refreshToken: string;
  codeAsked: boolean;
}

export type ServerSignIn =
  | ServerSession
  | 'wrong_password'
  | 'wrong_code'
  /** Cognito asked the code and none was given. */
  | 'code_needed';

/**
 * Cognito's user-level operations, with a token of the server-only client's (the browser's tokens carry no
 * self-service scope, #259): no IAM grant.
 */
export interface TwoFactorDirectory {
  /** Answers the code when Cognito asks one and `code` is given. */
  signIn(email: string, password: string, code?: string): Promise<ServerSignIn>;
  /** A new authenticator secret (base32); two-factor stays off until a code from it is checked. */
  associate(accessToken: string): Promise<string>;
  /** Checks a code from the newly set-up app and turns two-factor on, unless the code is wrong or used, or no app was set up. */
  enableWithCode(accessToken: string, code: string): Promise<'enabled' | 'wrong_code' | 'not_set_up'>;
  disable(accessToken: string): Promise<void>;
  /**
   * Turns the app Cognito already holds back on (AdminSetUserMFAPreference, IAM-authorised): how turning off
   * begins when Paylink's record says on, in case Cognito's setting was turned off outside Paylink — the
   * token trigger refuses any sign-in until it is back — so that the sign-in after asks for the code again.
   */
  restore(personId: string): Promise<void>;
  /** Cognito's GlobalSignOut: every refresh token of the user is revoked, access tokens with them. */
  signOutEverywhere(accessToken: string): Promise<void>;
  /** Cognito's RevokeToken: the server sign-in's refresh token, and the access token issued with it (#286). */
  revoke(refreshToken: string): Promise<void>;
}

/** Paylink's own record of whether a person has two-factor on: the truth Cognito's setting is checked against. */
export interface TwoFactorRecordRepository {
  /** On or off as last recorded; undefined for a person who has no record yet. */
  read(personId: string): Promise<boolean | undefined>;
  record(personId: string, on: boolean): Promise<void>;
  /** Writes the record only if the person still has none (the token trigger's backfill, #260). */
  recordIfAbsent(personId: string, on: boolean): Promise<void>;
}

/**
 * Whether Cognito may issue tokens for the person: not when Paylink says two-factor is on and Cognito says it
 * is off (someone holding an access token turned it off with Cognito's own operation, skipping the code).
 * Cognito's setting is read only when Paylink's record says on, or once, for a person with no record yet
 * (two-factor turned on before #250's record existed): the record is then written from Cognito's setting.
 */
export async function mayIssueTokens(
  personId: string,
  cognitoHasTwoFactor: () => Promise<boolean>,
  records: TwoFactorRecordRepository,
): Promise<boolean> {
  const recorded = await records.read(personId);
  if (recorded === undefined) {
    await records.recordIfAbsent(personId, await cognitoHasTwoFactor());
    return true;
  }
  if (!recorded) return true;
  return cognitoHasTwoFactor();
}

/** Cognito's self-service scope stays only in the server-only client's tokens (#259). */
export const keepsSelfServiceScope = (clientName: string | undefined, serverClientName: string) =>
  clientName === serverClientName;

export const TWO_FACTOR_CODE_INVALID_MESSAGE =
  'That code is not right, or was used already. Enter the current code from your authenticator app.';
export const TWO_FACTOR_PASSWORD_INVALID_MESSAGE = 'That password is not right.';
export const TWO_FACTOR_ALREADY_OFF_MESSAGE = 'Two-factor authentication is already off.';
export const TWO_FACTOR_ALREADY_ON_MESSAGE =
  'Two-factor authentication is already on. To use a new authenticator app, turn it off first.';
export const TWO_FACTOR_NOT_SET_UP_MESSAGE =
  'Set up your authenticator app first: scan the QR code, then enter its code.';

const codeInvalid = () =>
  new HttpError(400, 'code_invalid', TWO_FACTOR_CODE_INVALID_MESSAGE, { code: TWO_FACTOR_CODE_INVALID_MESSAGE });

const passwordInvalid = () =>
  new HttpError(400, 'password_invalid', TWO_FACTOR_PASSWORD_INVALID_MESSAGE, {
    password: TWO_FACTOR_PASSWORD_INVALID_MESSAGE,
  });
const alreadyOn = () => new HttpError(409, 'two_factor_on', TWO_FACTOR_ALREADY_ON_MESSAGE);

/** GET /api/me/two-factor: as Paylink records it (the token trigger writes a record for everyone, #260). */
export async function twoFactorStatus(personId: string, records: TwoFactorRecordRepository) {
  return { enabled: (await records.read(personId)) === true };
}

/**
 * A sign-in with the password and no code, for setting two-factor up: refused when the password is wrong,
 * and when Cognito asks a code (two-factor is on already: a new app would replace the person's own).
 */
async function signInToSetUp(directory: TwoFactorDirectory, email: string, password: string) {
  const signedIn = await directory.signIn(email, password);
  if (signedIn === 'wrong_password') throw passwordInvalid();
  if (typeof signedIn === 'string' || signedIn.codeAsked) throw alreadyOn();
  return signedIn;
}

/**
 * Runs `work` with a server sign-in's access token, then revokes its refresh token (and the access token with
 * it): nothing the server signed in for outlives the request (docs/decisions.md #286). When every session ends
 * next (`thenEndsEverySession`), a `work` that succeeded leaves the revoking to that GlobalSignOut, which needs
 * the access token; a `work` that failed revokes all the same.
 */
async function withServerSession<T>(
  directory: TwoFactorDirectory,
  session: ServerSession,
  work: (accessToken: string) => Promise<T>,
  { thenEndsEverySession = false } = {},
): Promise<T> {
  let succeeded = false;
  try {
    const result = await work(session.accessToken);
    succeeded = true;
    return result;
  } finally {
    if (!succeeded || !thenEndsEverySession) await directory.revoke(session.refreshToken);
  }
}

/** POST /api/me/two-factor/setup: a new secret for the person's authenticator app, after their password. */
export async function startTwoFactorSetup(
  merchantId: string,
  password: string,
  deps: { directory: TwoFactorDirectory; merchants: MerchantRepository },
): Promise<{ secret: string }> {
  const merchant = await requireMerchant(deps.merchants, merchantId);
  const session = await signInToSetUp(deps.directory, merchant.email, password);
  return { secret: await withServerSession(deps.directory, session, (token) => deps.directory.associate(token)) };
}

export async function changeTwoFactor(
  { merchantId, personId }: { merchantId: string; personId: string },
  change: TwoFactorChange,
  deps: {
    directory: TwoFactorDirectory;
    merchants: MerchantRepository;
    sessionEnds: SessionEndRepository;
    records: TwoFactorRecordRepository;
  },
): Promise<TwoFactorChangeResponse> {
  // Every session ends, the access tokens already handed out included (docs/decisions.md #200).
  const endSessions = (token: string) =>
    endEverySession(merchantId, () => deps.directory.signOutEverywhere(token), { ends: deps.sessionEnds });
  const merchant = await requireMerchant(deps.merchants, merchantId);
  if (change.turn === 'on') {
    const session = await signInToSetUp(deps.directory, merchant.email, change.password);
    await withServerSession(
      deps.directory,
      session,
      async (accessToken) => {
        const enabled = await deps.directory.enableWithCode(accessToken, change.code);
        if (enabled === 'wrong_code') throw codeInvalid();
        if (enabled === 'not_set_up') throw new HttpError(409, 'two_factor_not_set_up', TWO_FACTOR_NOT_SET_UP_MESSAGE);
        // Recorded after Cognito's setting is on, so Paylink never says on while Cognito says off by our own doing.
        await deps.records.record(personId, true);
      },
      { thenEndsEverySession: true },
    );
    await endSessions(session.accessToken);
    return { enabled: true, signedOut: true };
  }
  // Turned off outside Paylink? Put Cognito's setting back first, so that the sign-in below checks the code.
  if ((await deps.records.read(personId)) === true) await deps.directory.restore(personId);
  const signedIn = await deps.directory.signIn(merchant.email, change.password, change.code);
  if (signedIn === 'wrong_password') throw passwordInvalid();
  if (typeof signedIn === 'string') throw codeInvalid();
  await withServerSession(
    deps.directory,
    signedIn,
    async (accessToken) => {
      if (!signedIn.codeAsked) throw new HttpError(409, 'two_factor_off', TWO_FACTOR_ALREADY_OFF_MESSAGE);
      // Recorded before Cognito's setting goes off: a failure between leaves Cognito asking a code, never refusing.
      await deps.records.record(personId, false);
      await deps.directory.disable(accessToken);
    },
    { thenEndsEverySession: true },
  );
  await endSessions(signedIn.accessToken);
  return { enabled: false, signedOut: true };
}
