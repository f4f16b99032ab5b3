/**
 * POST /api/me/two-factor: the authenticator app on (a code from it) or off (the password and a current
 * code, checked by a fresh sign-in), then every session ends (docs/decisions.md #169).
 */
import { twoFactorChangeSchema } from '@shared/contracts/auth';
import { cognitoTwoFactor } from '../adapters/cognito-two-factor';
import { merchantStore } from '../adapters/merchant-store';
import { sessionEndStore } from '../adapters/session-end-store';
import { twoFactorRecordStore } from '../adapters/two-factor-record-store';
import { changeTwoFactor } from '../domain/two-factor';
import { accessOf, httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const change = twoFactorChangeSchema.parse(jsonBody(event));
  // The token the authorizer has already verified: Cognito's own operations for the user take it.
  const accessToken = (event.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
  // Paylink's record of two-factor is the person's, keyed as Cognito's token trigger reads it (their sub).
  const who = { merchantId: merchantIdOf(event), personId: accessOf(event).personId };
  const body = await changeTwoFactor(who, accessToken, change, {
    directory: cognitoTwoFactor,
    merchants: merchantStore,
    sessionEnds: sessionEndStore,
    records: twoFactorRecordStore,
  });
  return { body };
});
