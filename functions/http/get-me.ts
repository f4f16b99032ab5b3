import { firstSignInDeps } from '../adapters/first-sign-in-deps';
import { merchantStore } from '../adapters/merchant-store';
import { HttpError } from '../domain/http-error';
import { getMerchantProfile } from '../domain/merchants';
import { finishSignupOnFirstSignIn } from '../domain/signup';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const merchantId = merchantIdOf(event);
  try {
    return { body: await getMerchantProfile(merchantStore, merchantId) };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 404) throw error;
  }
  // A signed-in user without a row may be a sign-up that died half-way: finish it rather than 404 for ever.
  await finishSignupOnFirstSignIn(merchantId, firstSignInDeps());
  return { body: await getMerchantProfile(merchantStore, merchantId) };
});
