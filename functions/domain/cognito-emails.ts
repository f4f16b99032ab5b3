/**
 * The emails Cognito sends through the custom-message trigger (functions/auth/custom-message.ts), in the house
 * layout. Each `link` carries Cognito's `{####}` code placeholder, which Cognito replaces with the code after
 * the trigger returns, so the link is written once (docs/decisions.md #67).
 */
import { BRAND_NAME } from '@shared/brand';
import { email, type Email } from './emails';

const CONFIRM_LABEL = 'Open this link to confirm your email (tap it, or paste it into your browser)';

/**
 * The sign-up verification email, first sent or sent again. A new merchant is told their trial starts; a person
 * who signed up from a team invitation has no trial or business of their own (docs/decisions.md #277), so
 * theirs says they are joining a team (#293).
 */
export function verificationEmail(firstName: string, link: string, joiningTeam = false): Email {
  return email(
    joiningTeam
      ? `Confirm your email to join your team on ${BRAND_NAME}`
      : `Confirm your email to start your ${BRAND_NAME} trial`,
    `Welcome to ${BRAND_NAME}${firstName ? `, ${firstName}` : ''}!`,
    [
      joiningTeam
        ? 'Confirm your email address, then sign in: your team is waiting for you.'
        : 'Confirm your email address to activate your account and start your 30-day free trial.',
    ],
    { action: { label: CONFIRM_LABEL, url: link, once: true } },
    "If you didn't sign up for Paylink, ignore this email: no account is activated without it.",
  );
}

/** The password-reset email. */
export function passwordResetEmail(link: string): Email {
  return email(
    `Reset your ${BRAND_NAME} password`,
    'Reset your password',
    ['Someone (hopefully you) asked to reset the password of your Paylink account.'],
    {
      action: {
        label: 'Open this link to choose a new password (tap it, or paste it into your browser)',
        url: link,
        once: true,
      },
    },
    "If you didn't ask for this, ignore this email: your password stays as it is.",
  );
}
