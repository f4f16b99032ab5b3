/**
 * The authenticator app, through Paylink (docs/decisions.md #169, #259): GET /api/me/two-factor (on or off),
 * POST /api/me/two-factor/setup (the password, then a new secret for the app), POST /api/me/two-factor (on
 * with the password and a code from the new app; off with the password and a current code), then every
 * session ends.
 */
import { twoFactorChangeSchema, twoFactorSetupSchema } from '@shared/contracts/auth';
import { cognitoTwoFactor } from '../adapters/cognito-two-factor';
import { merchantStore } from '../adapters/merchant-store';
import { sessionEndStore } from '../adapters/session-end-store';
import { twoFactorRecordStore } from '../adapters/two-factor-record-store';
import { changeTwoFactor, startTwoFactorSetup, twoFactorStatus } from '../domain/two-factor';
import { accessOf, httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  // Paylink's record of two-factor is the person's, keyed as Cognito's token trigger reads it (their sub).
  const who = { merchantId: merchantIdOf(event), personId: accessOf(event).personId };
  if (event.routeKey === 'GET /api/me/two-factor') {
    return { body: await twoFactorStatus(who.personId, twoFactorRecordStore) };
  }
  if (event.routeKey === 'POST /api/me/two-factor/setup') {
    const { password } = twoFactorSetupSchema.parse(jsonBody(event));
    const body = await startTwoFactorSetup(who.merchantId, password, {
      directory: cognitoTwoFactor,
      merchants: merchantStore,
    });
    return { body };
  }
  const change = twoFactorChangeSchema.parse(jsonBody(event));
  const body = await changeTwoFactor(who, change, {
    directory: cognitoTwoFactor,
    merchants: merchantStore,
    sessionEnds: sessionEndStore,
    records: twoFactorRecordStore,
  });
  return { body };
});
