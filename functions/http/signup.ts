import { signupRequestSchema } from '@shared/contracts/signup';
import { signupDeps } from '../adapters/signup-deps';
import { signUpMerchant } from '../domain/signup';
import { httpHandler, jsonBody } from './http-handler';

export const handler = httpHandler(async (event) => {
  const signup = signupRequestSchema.parse(jsonBody(event));
  const body = await signUpMerchant(signup, await signupDeps());
  return { status: 201, body };
});
