import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ENV } from '../environment';
import { EmailRefusedError, type Email } from '../domain/emails';

let client: SESv2Client | undefined;

/**
 * SES's answers that mean "not until an operator acts": an unverified identity or recipient (sandbox),
 * a MAIL FROM domain not verified, sending paused or suspended, and an IAM refusal — which is how SES
 * answers in its sandbox when the function's grant names only the sending identity (SES then checks the
 * recipient's identity too), and otherwise a grant the stack lacks. Throttling and network faults are not
 * here: they pass on unchanged, and a retry may well succeed.
 */
const REFUSALS = new Set([
  'MessageRejected',
  // SES v2 (restJson1) names it so; the SDK models no class for it and takes the name from SES's answer.
  'AccessDeniedException',
  'MailFromDomainNotVerifiedException',
  'AccountSuspendedException',
  'SendingPausedException',
]);

/**
 * Sends one email from Paylink's address through SES. Throws EmailRefusedError when SES refuses it for a
 * reason a retry cannot fix; any other failure as it came.
 */
export async function sendEmail(to: string, email: Email): Promise<void> {
  const from = process.env[ENV.mailFrom];
  if (!from) throw new Error(`${ENV.mailFrom} is not set: this function did not declare sendsEmail`);
  client ??= new SESv2Client({ requestHandler: { requestTimeout: 5000 } });
  try {
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
  } catch (error) {
    const name = (error as { name?: unknown })?.name;
    if (typeof name === 'string' && REFUSALS.has(name)) {
      throw new EmailRefusedError(String((error as Error).message ?? ''), name);
    }
    throw error;
  }
}
