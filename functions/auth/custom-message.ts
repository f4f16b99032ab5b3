/**
 * Cognito's emails, in Paylink's words, carrying links into the app instead of bare codes. Cognito puts
 * the code where `{####}` stands (event.request.codeParameter) after this returns.
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from '@shared/contracts/auth';
import { JOINING_TEAM_QUERY, JOINS_TEAM_METADATA } from '@shared/joining-team';
import { ENV } from '../environment';
import { passwordResetEmail, verificationEmail } from '../domain/cognito-emails';
import { firstNameOf } from '../domain/emails';

export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const origin = process.env[ENV.appOrigin] ?? '';
  const email = encodeURIComponent(event.request.userAttributes.email ?? '');
  const code = event.request.codeParameter;
  switch (event.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      // A person joining a team is asked to sign in to join it, not to set up a business: their SignUp said so,
      // and so does a resend the browser asks for (ResendConfirmationCode hands its ClientMetadata to this trigger
      // as SignUp does, docs/decisions.md #283, #293).
      const joiningTeam = event.request.clientMetadata?.[JOINS_TEAM_METADATA] === 'true';
      const joining = joiningTeam ? `&${JOINING_TEAM_QUERY.name}=${JOINING_TEAM_QUERY.value}` : '';
      const link = `${origin}${VERIFY_EMAIL_PATH}?token_hash=${code}&type=signup&email=${email}${joining}`;
      const message = verificationEmail(firstNameOf(event.request.userAttributes.name), link, joiningTeam);
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
