import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ENV } from '../environment';
import { EmailRefusedError, EmailUncertainError, type Email } from '../domain/emails';

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

/** SES's answer's HTTP status, when SES answered at all. */
const answeredStatus = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;

/**
 * A failure after the request went out and before SES's answer came back (a timeout, a reset): SES may
 * have taken the message. Node's socket errors, as the SDK's HTTP handler names them.
 */
function answerLost(error: unknown): boolean {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return (
    answeredStatus(error) === undefined &&
    (name === 'TimeoutError' || ['ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(String(code)))
  );
}

/** Attempts at one email in all, its first included. */
const SEND_ATTEMPTS = 3;

/**
 * The SDK's retries, but only of a send SES surely did not take (docs/decisions.md #117): SES answered
 * that it was throttled or failed (429, 5xx), or the connection was refused. The SDK's standard strategy
 * also retries a timeout or a reset, which can deliver one email two or three times.
 */
const retryOnlyUnsent = {
  mode: 'standard',
  acquireInitialRetryToken: () => Promise.resolve(retryToken(0)),
  refreshRetryTokenForRetry(token: { getRetryCount(): number }, { error }: { error?: unknown }) {
    const status = answeredStatus(error);
    const unsent =
      status === 429 ||
      (status !== undefined && status >= 500) ||
      (error as { code?: unknown })?.code === 'ECONNREFUSED';
    const attempt = token.getRetryCount() + 1;
    if (!unsent || attempt >= SEND_ATTEMPTS) return Promise.reject(error as Error);
    return Promise.resolve(retryToken(attempt));
  },
  recordSuccess: () => undefined,
};

/** The retry token: the attempt's number, and a jittered backoff of 100 ms doubling. */
function retryToken(retries: number) {
  const delay = 100 * 2 ** retries * (0.5 + Math.random() / 2);
  return { getRetryCount: () => retries, getRetryDelay: () => delay };
}

/** Bytes of UTF-8 per RFC 2047 encoded-word: 45 bytes are 60 base64 characters, under its 75-character cap. */
const ENCODED_WORD_BYTES = 45;

/**
 * `"Name" <address>`, or the name as RFC 2047 encoded-words when it is not plain ASCII: SES takes only 7-bit
 * ASCII in a From header and asks for MIME encoded-words for any other "friendly from" name (docs/decisions.md
 * #173). The name arrives already stripped of quotes, backslashes, angle brackets and line breaks
 * (business-voice.ts safeDisplayName).
 */
export function fromHeader(displayName: string, address: string): string {
  if (/^[\x20-\x7e]*$/.test(displayName)) return `"${displayName}" <${address}>`;
  const words: string[] = [];
  let chunk = '';
  for (const character of displayName) {
    if (Buffer.byteLength(chunk + character) > ENCODED_WORD_BYTES) {
      words.push(chunk);
      chunk = '';
    }
    chunk += character;
  }
  if (chunk) words.push(chunk);
  return `${words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join(' ')} <${address}>`;
}

/**
 * Sends one email from Paylink's address through SES (in a business's name when the email speaks for one). Throws EmailRefusedError when SES refuses it for a
 * reason a retry cannot fix, EmailUncertainError when SES's answer was lost (it may have gone); any other
 * failure as it came.
 */
export async function sendEmail(to: string, email: Email): Promise<void> {
  const from = process.env[ENV.mailFrom];
  if (!from) throw new Error(`${ENV.mailFrom} is not set: this function did not declare sendsEmail`);
  client ??= new SESv2Client({ requestHandler: { requestTimeout: 5000 }, retryStrategy: retryOnlyUnsent });
  try {
    await client.send(
      new SendEmailCommand({
        // The configured sender may carry Paylink's own name (`Paylink <no-reply@…>`): the business's replaces it.
        FromEmailAddress: email.sender
          ? fromHeader(email.sender.displayName, /<([^>]+)>/.exec(from)?.[1] ?? from)
          : from,
        Destination: { ToAddresses: [to] },
        // Its bounces and complaints are published to EventBridge (docs/decisions.md #201), with the tags.
        ...(process.env[ENV.mailConfigurationSet] && { ConfigurationSetName: process.env[ENV.mailConfigurationSet] }),
        ...(email.tags?.length && { EmailTags: email.tags.map(({ name, value }) => ({ Name: name, Value: value })) }),
        ...(email.sender?.replyTo && { ReplyToAddresses: [email.sender.replyTo] }),
        Content: {
          Simple: {
            Subject: { Data: email.subject, Charset: 'UTF-8' },
            Body: { Html: { Data: email.html, Charset: 'UTF-8' }, Text: { Data: email.text, Charset: 'UTF-8' } },
            ...(email.headers?.length && {
              Headers: email.headers.map(({ name, value }) => ({ Name: name, Value: value })),
            }),
          },
        },
      }),
    );
  } catch (error) {
    const name = (error as { name?: unknown })?.name;
    if (typeof name === 'string' && REFUSALS.has(name)) {
      throw new EmailRefusedError(String((error as Error).message ?? ''), name);
    }
    if (answerLost(error)) throw new EmailUncertainError(error);
    throw error;
  }
}
