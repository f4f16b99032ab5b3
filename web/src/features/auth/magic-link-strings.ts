import { MAGIC_LINK_LIFETIME_MINUTES } from '@shared/contracts/auth';

/**
 * /auth/magic's words. Apart from auth-strings.ts because the lifetime comes from the auth
 * contracts, which carry zod: the sign-in form's first paint must not download them for this one number.
 */
export const magicLinkStrings = {
  signingIn: 'Signing you in...',
  failedHeading: 'This sign-in link does not work',
  failedBody: `It may have been used already or expired (links work once, for ${MAGIC_LINK_LIFETIME_MINUTES} minutes). Request a new one from the sign-in page. If two-factor authentication is on for your account, magic links are off: sign in with your password and the code from your authenticator app.`,
  backToLogin: 'Back to sign in',
} as const;
