/**
 * Cognito's emails, in Paylink's words, carrying links into the app instead of bare codes. Cognito puts
 * the code where `{####}` stands (event.request.codeParameter) after this returns.
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from '@shared/contracts/auth';
import { ENV } from '../environment';
import { firstNameOf, passwordResetEmail, verificationEmail } from '../domain/emails';

export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const origin = process.env[ENV.appOrigin] ?? '';
  const email = encodeURIComponent(event.request.userAttributes.email ?? '');
  const code = event.request.codeParameter;
  switch (event.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      const link = `${origin}${VERIFY_EMAIL_PATH}?token_hash=${code}&type=signup&email=${email}`;
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
