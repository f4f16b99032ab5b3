import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';

/** Delivers Cognito's emails (verification, password reset) through the local SES mailbox. */
export function mailboxMessageSender(options: { mailboxUrl: string; from: string }) {
  const ses = new SESv2Client({
    endpoint: options.mailboxUrl,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return {
    async sendEmail(
      _ctx: unknown,
      _user: unknown,
      destination: string,
      message: { emailSubject?: string; emailMessage?: string; __code?: string },
    ) {
      const html = message.emailMessage ?? `Your verification code is ${message.__code}`;
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: options.from,
          Destination: { ToAddresses: [destination] },
          Content: {
            Simple: {
              Subject: { Data: message.emailSubject ?? 'Your verification code' },
              Body: { Html: { Data: html } },
            },
          },
        }),
      );
    },
    async sendSms() {
      throw new Error('Paylink sends no SMS');
    },
  };
}
