import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ENV } from '../catalog';
import type { Email } from '../domain/emails';

let client: SESv2Client | undefined;

/** Sends one email from Paylink's address through SES. */
export async function sendEmail(to: string, email: Email): Promise<void> {
  const from = process.env[ENV.mailFrom];
  if (!from) throw new Error(`${ENV.mailFrom} is not set: this function did not declare sendsEmail`);
  client ??= new SESv2Client({ requestHandler: { requestTimeout: 5000 } });
  await client.send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [to] },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Html: { Data: email.html, Charset: 'UTF-8' }, Text: { Data: email.text, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}
