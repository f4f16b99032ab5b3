import { cognitoUsers } from './cognito-users';
import { merchantStore } from './merchant-store';
import { pendingSignupStore } from './one-time-record-store';

/**
 * Finishing a sign-up that died half-way, on the user's first profile read: Cognito's users, the merchant
 * store and the remembered sign-ups. Apart from signupDeps, which reads the bot-check key, because the profile
 * function neither declares that secret nor should carry the Secrets Manager client.
 */
export function firstSignInDeps(now = new Date()) {
  return { users: cognitoUsers, merchants: merchantStore, pendingSignups: pendingSignupStore, now };
}
