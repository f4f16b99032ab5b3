/**
 * POST /api/me/two-factor: the authenticator app on (a code from it) or off (the password and a current
 * code, checked by a fresh sign-in), then every session ends (docs/decisions.md #169).
 */
import { twoFactorChangeSchema } from '@shared/contracts/auth';
import { cognitoTwoFactor } from '../adapters/cognito-two-factor';
import { merchantStore } from '../adapters/merchant-store';
import { sessionEndStore } from '../adapters/session-end-store';
import { changeTwoFactor } from '../domain/two-factor';
import { httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const change = twoFactorChangeSchema.parse(jsonBody(event));
  // The token the authorizer has already verified: Cognito's own operations for the user take it.
  const accessToken = (event.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
  const body = await changeTwoFactor(merchantIdOf(event), accessToken, change, {
    directory: cognitoTwoFactor,
    merchants: merchantStore,
    sessionEnds: sessionEndStore,
  });
  return { body };
});
