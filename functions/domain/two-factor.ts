/**
 * Two-factor on every way in (docs/decisions.md #169, issue 48 door 3). Turning the authenticator app on or
 * off is Paylink's own route: on needs a code from the new app, off needs the password and a current code,
 * checked by signing in afresh on the server (a session left open is not enough), and either ends every
 * session, so a refresh token from before stops working. A magic link signs in no merchant who has two-factor
 * on: Cognito cannot ask the app's code after a challenge without a password (magic-links.ts).
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
  /** Cognito's GlobalSignOut: every refresh token of the user is revoked, access tokens with them. */
  signOutEverywhere(accessToken: string): Promise<void>;
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
  merchantId: string,
  accessToken: string,
  change: TwoFactorChange,
  deps: { directory: TwoFactorDirectory; merchants: MerchantRepository; sessionEnds: SessionEndRepository },
): Promise<TwoFactorChangeResponse> {
  // Every session ends, the access tokens already handed out included (docs/decisions.md #200).
  const endSessions = (token: string) =>
    endEverySession(merchantId, () => deps.directory.signOutEverywhere(token), { ends: deps.sessionEnds });
  if (change.turn === 'on') {
    const enabled = await deps.directory.enableWithCode(accessToken, change.code);
    if (enabled === 'wrong_code') throw codeInvalid();
    if (enabled === 'not_set_up') throw new HttpError(409, 'two_factor_not_set_up', TWO_FACTOR_NOT_SET_UP_MESSAGE);
    await endSessions(accessToken);
    return { enabled: true, signedOut: true };
  }
  const merchant = await requireMerchant(deps.merchants, merchantId);
  const signedIn = await deps.directory.signInWithCode(merchant.email, change.password, change.code);
  if (signedIn === 'wrong_password') {
    throw new HttpError(400, 'password_invalid', TWO_FACTOR_PASSWORD_INVALID_MESSAGE, {
      password: TWO_FACTOR_PASSWORD_INVALID_MESSAGE,
    });
  }
  if (signedIn === 'wrong_code') throw codeInvalid();
  if (signedIn === 'no_two_factor') throw new HttpError(409, 'two_factor_off', TWO_FACTOR_ALREADY_OFF_MESSAGE);
  await deps.directory.disable(signedIn.accessToken);
  await endSessions(signedIn.accessToken);
  return { enabled: false, signedOut: true };
}
