import { signupRequestSchema } from '@shared/contracts/signup';
import { cognitoUsers } from '../adapters/cognito-users';
import { merchantStore } from '../adapters/merchant-store';
import { oneTimeRecordStore, pendingSignupStore } from '../adapters/one-time-record-store';
import { readSecret } from '../adapters/secrets';
import { signUpMerchant } from '../domain/signup';
import { httpHandler, jsonBody } from './http-handler';

export const handler = httpHandler(async (event) => {
  const signup = signupRequestSchema.parse(jsonBody(event));
  const body = await signUpMerchant(signup, {
    botCheckKey: await readSecret('bot-check-key'),
    records: oneTimeRecordStore,
    users: cognitoUsers,
    merchants: merchantStore,
    pendingSignups: pendingSignupStore,
    now: new Date(),
  });
  return { status: 201, body };
});
