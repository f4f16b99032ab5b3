/**
 * Cognito's emails, in Paylink's words, carrying links into the app instead of bare codes. Cognito puts
 * the code where `{####}` stands (event.request.codeParameter) after this returns.
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from '@shared/contracts/auth';
import { JOINING_TEAM_QUERY, JOINS_TEAM_METADATA } from '@shared/joining-team';
import { ENV } from '../environment';
import { firstNameOf, passwordResetEmail, verificationEmail } from '../domain/emails';

export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const origin = process.env[ENV.appOrigin] ?? '';
  const email = encodeURIComponent(event.request.userAttributes.email ?? '');
  const code = event.request.codeParameter;
  switch (event.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      // A person joining a team (their SignUp said so) is asked to sign in to join it, not to set up a business.
      // A resent code carries no metadata: its link has the plain words.
      const joining =
        event.request.clientMetadata?.[JOINS_TEAM_METADATA] === 'true'
          ? `&${JOINING_TEAM_QUERY.name}=${JOINING_TEAM_QUERY.value}`
          : '';
      const link = `${origin}${VERIFY_EMAIL_PATH}?token_hash=${code}&type=signup&email=${email}${joining}`;
      const message = verificationEmail(firstNameOf(event.request.userAttributes.name), link);
      event.response.emailSubject = message.subject;
      event.response.emailMessage = message.html;
      break;
    }
    case 'CustomMessage_ForgotPassword': {
      const message = passwordResetEmail(`${origin}${RESET_PASSWORD_PATH}?code=${code}&email=${email}`);
      event.response.emailSubject = message.subject;
      event.response.emailMessage = message.html;
      break;
    }
    default:
      // Other messages (attribute verification, admin invitations) keep Cognito's defaults.
      break;
  }
  return event;
}
