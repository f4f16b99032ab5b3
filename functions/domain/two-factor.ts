/**
 * Two-factor on every way in (docs/decisions.md #169, issue 48 door 3). Turning the authenticator app on or
 * off is Paylink's own route: on needs a code from the new app, off needs the password and a current code,
 * checked by signing in afresh on the server (a session left open is not enough), and either ends every
 * session, so a refresh token from before stops working. A magic link signs in no merchant who has two-factor
 * on: Cognito cannot ask the app's code after a challenge without a password (magic-links.ts).
 *
 * Paylink keeps its own record of the person's two-factor, written only here, and Cognito's token trigger
 * refuses to issue tokens while that record says on and Cognito says off (docs/decisions.md #250): Cognito's
 * own SetUserMFAPreference answers anyone holding the person's access token, with no code.
 */
import type { TwoFactorChange, TwoFactorChangeResponse } from '@shared/contracts/auth';
import { HttpError } from './http-error';
import { requireMerchant, type MerchantRepository } from './merchants';
import { endEverySession, type SessionEndRepository } from './session-ends';

/** What a fresh sign-in with the password and a code came to. */
export type FreshSignIn = { accessToken: string } | 'wrong_password' | 'wrong_code' | 'no_two_factor';

/** Cognito's user-level operations, with the merchant's own tokens (no IAM grant). */
export interface TwoFactorDirectory {
  signInWithCode(email: string, password: string, code: string): Promise<FreshSignIn>;
  /** Checks a code from the newly set-up app and turns two-factor on, unless the code is wrong or used, or no app was set up. */
  enableWithCode(accessToken: string, code: string): Promise<'enabled' | 'wrong_code' | 'not_set_up'>;
  disable(accessToken: string): Promise<void>;
  /**
   * Turns the app Cognito already holds back on, with the person's token: how turning off begins when
   * Cognito's setting was turned off outside Paylink, so that the fresh sign-in asks for the code again.
   */
  restore(accessToken: string): Promise<void>;
  /** Cognito's GlobalSignOut: every refresh token of the user is revoked, access tokens with them. */
  signOutEverywhere(accessToken: string): Promise<void>;
}

/** Paylink's own record of whether a person has two-factor on: the truth Cognito's setting is checked against. */
export interface TwoFactorRecordRepository {
  /** True only when the person turned it on through Paylink and has not turned it off through Paylink. */
  isOn(personId: string): Promise<boolean>;
  record(personId: string, on: boolean): Promise<void>;
}

/**
 * Whether Cognito may issue tokens for the person: not when Paylink says two-factor is on and Cognito says it
 * is off (someone holding an access token turned it off with Cognito's own operation, skipping the code).
 * Cognito's setting is read only when Paylink's record says on.
 */
export async function mayIssueTokens(
  personId: string,
  cognitoHasTwoFactor: () => Promise<boolean>,
  records: TwoFactorRecordRepository,
): Promise<boolean> {
  if (!(await records.isOn(personId))) return true;
  return cognitoHasTwoFactor();
}

export const TWO_FACTOR_CODE_INVALID_MESSAGE =
  'That code is not right, or was used already. Enter the current code from your authenticator app.';
export const TWO_FACTOR_PASSWORD_INVALID_MESSAGE = 'That password is not right.';
export const TWO_FACTOR_ALREADY_OFF_MESSAGE = 'Two-factor authentication is already off.';
export const TWO_FACTOR_NOT_SET_UP_MESSAGE =
  'Set up your authenticator app first: scan the QR code, then enter its code.';

const codeInvalid = () =>
  new HttpError(400, 'code_invalid', TWO_FACTOR_CODE_INVALID_MESSAGE, { code: TWO_FACTOR_CODE_INVALID_MESSAGE });

export async function changeTwoFactor(
  { merchantId, personId }: { merchantId: string; personId: string },
  accessToken: string,
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
  if (change.turn === 'on') {
    const enabled = await deps.directory.enableWithCode(accessToken, change.code);
    if (enabled === 'wrong_code') throw codeInvalid();
    if (enabled === 'not_set_up') throw new HttpError(409, 'two_factor_not_set_up', TWO_FACTOR_NOT_SET_UP_MESSAGE);
    // Recorded after Cognito's setting is on, so Paylink never says on while Cognito says off by our own doing.
    await deps.records.record(personId, true);
    await endSessions(accessToken);
    return { enabled: true, signedOut: true };
  }
  const merchant = await requireMerchant(deps.merchants, merchantId);
  // Turned off outside Paylink: put Cognito's setting back first, so that the sign-in below checks the code.
  if (await deps.records.isOn(personId)) await deps.directory.restore(accessToken);
  const signedIn = await deps.directory.signInWithCode(merchant.email, change.password, change.code);
  if (signedIn === 'wrong_password') {
    throw new HttpError(400, 'password_invalid', TWO_FACTOR_PASSWORD_INVALID_MESSAGE, {
      password: TWO_FACTOR_PASSWORD_INVALID_MESSAGE,
    });
  }
  if (signedIn === 'wrong_code') throw codeInvalid();
  if (signedIn === 'no_two_factor') throw new HttpError(409, 'two_factor_off', TWO_FACTOR_ALREADY_OFF_MESSAGE);
  // Recorded before Cognito's setting goes off: a failure between leaves Cognito asking a code, never refusing.
  await deps.records.record(personId, false);
  await deps.directory.disable(signedIn.accessToken);
  await endSessions(signedIn.accessToken);
  return { enabled: false, signedOut: true };
}
