/**
 * Signing out through Amplify. lib/auth (owned by the sign-in feature) has no sign-out yet, so this
 * configures Amplify through it and then calls Amplify's own signOut.
 */
import { signOut as amplifySignOut } from 'aws-amplify/auth';
import { configureAuth } from '../../../lib/auth';

/**
 * Logout (and a session the API no longer accepts) ends this device's session: Amplify forgets the
 * tokens and, where the pool revokes tokens as the cloud's does, revokes this device's refresh token.
 * Other devices stay signed in: logging out of the shop's tablet should not log the owner out of their phone.
 */
export async function signOutThisDevice(): Promise<void> {
  await configureAuth();
  await amplifySignOut();
}
