/**
 * aws-ses-v2-local: SES on one machine. Sent mail is kept in memory and shown at its web page.
 *
 * In front of it sits a small switch that makes the mailbox behave as SES does before an operator has
 * verified the sending identity and left SES's sandbox: `POST /_emu/sandbox` (JSON `{"verified": [...]}`,
 * addresses or whole domains) turns it on, `DELETE /_emu/sandbox` turns it off, `GET` says which. While it
 * is on, a send to any recipient not verified is refused exactly as SES refuses it — HTTP 400,
 * `MessageRejected`, "Email address is not verified. The following identities failed the check…" — so
 * what Paylink does with a refused receipt can be tried and tested here, not only in a fresh AWS account.
 *
 * With `"grantScopedToSender": true` as well, a send to a verified recipient is refused too, as SES refuses
 * it in its sandbox when the sender's IAM grant names only the sending identity (as Paylink's functions'
 * do): SES then also checks the grant on each recipient's identity, and answers HTTP 403
 * `AccessDeniedException`, "User … is not authorized to perform `ses:SendEmail' on resource …identity/…".
 *
 * `POST /_emu/faults` (JSON `{"answerLost": [...], "throttled": [...]}`, recipients) sets two faults, `DELETE`
 * ends both. A send to an `answerLost` recipient goes through and its answer is lost — the connection closes
 * before SES's reply — as a timeout after SES accepted the message looks to the sender: the failure whose
 * retry would send the email twice. A send to a `throttled` one is answered 429 TooManyRequestsException,
 * as SES answers past the account's sending rate: surely not sent.
 *
 * SES's mailbox simulator's bounce and complaint addresses answer with SES's events on the default bus
 * (ses-feedback.ts), as a deployed stage's configuration set publishes them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type sesLocalServer from 'aws-ses-v2-local';
import type { LocalMeter } from './meter';
import { LOOPBACK, closeServer, listenOn } from './ports';
import { simulatedFeedback, type FeedbackEvent } from './ses-feedback';

// A CommonJS module whose `exports.default` is the server; require() reads it the same under tsx and vitest.
const sesLocal = createRequire(import.meta.url)('aws-ses-v2-local').default as typeof sesLocalServer;

export interface LocalMailbox {
  /** Both the SES endpoint and the mailbox's web view. */
  url: string;
  stop(): Promise<void>;
}

export const SES_SANDBOX_PATH = '/_emu/sandbox';
export const SES_FAULTS_PATH = '/_emu/faults';
/** The region SES names in its refusal; the local runtime's own region name means nothing to a reader. */
const SANDBOX_REGION = 'AP-SOUTHEAST-2';
/** The account and role an AccessDenied names: made up, as the local runtime has none. */
const SANDBOX_CALLER = 'arn:aws:sts::000000000000:assumed-role/paylink-local-function/paylink-local';

interface SandboxState {
  verified: Set<string>;
  /** The sender's grant names only its own identity: verified recipients are refused with AccessDenied. */
  grantScopedToSender: boolean;
}

/** The recipients of an SES v2 SendEmail (JSON) or v1 SendEmail/SendRawEmail (form) request. */
function recipientsOf(path: string, body: string): string[] {
  if (path.startsWith('/v2/email/outbound-emails')) {
    const parsed = JSON.parse(body || '{}') as {
      Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
    };
    const destination = parsed.Destination ?? {};
    return [
      ...(destination.ToAddresses ?? []),
      ...(destination.CcAddresses ?? []),
      ...(destination.BccAddresses ?? []),
    ];
  }
  if (path === '/') {
    const form = new URLSearchParams(body);
    if (!['SendEmail', 'SendRawEmail'].includes(form.get('Action') ?? '')) return [];
    return [...form.entries()]
      .filter(([key]) => /^(Destination\.\w+Addresses\.member\.\d+|Destinations\.member\.\d+)$/.test(key))
      .map(([, value]) => value);
  }
  return [];
}

/** The bare address of `Name <a@b>` or `a@b`, lower-cased. */
function bareAddress(recipient: string): string {
  return (/<([^>]+)>/.exec(recipient)?.[1] ?? recipient).trim().toLowerCase();
}

function isVerified(address: string, verified: ReadonlySet<string>): boolean {
  return verified.has(address) || verified.has(address.slice(address.lastIndexOf('@') + 1));
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function answerJson(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: http.OutgoingHttpHeaders = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export async function startLocalMailbox(options: {
  /** 0 = one the OS chooses (the url says which). */
  port: number;
  /** Starts in SES's sandbox with these recipients (addresses or domains) verified. */
  sandbox?: { verified: string[] };
  /** Counts the recipients of each email SES accepts (SES bills per recipient). */
  meter?: LocalMeter;
  /** Where SES's mailbox simulator's bounces and complaints go (the local default bus: ses-feedback.ts). */
  onFeedback?: (event: FeedbackEvent) => void;
}): Promise<LocalMailbox> {
  const ses = await sesLocal({ host: LOOPBACK, port: 0 });
  const sesUrl = `http://${LOOPBACK}:${(ses.address() as AddressInfo).port}`;
  let sandbox: SandboxState | undefined = options.sandbox && {
    verified: new Set(options.sandbox.verified.map((v) => v.toLowerCase())),
    grantScopedToSender: false,
  };
  let faults = { answerLost: new Set<string>(), throttled: new Set<string>() };
  const lowerCased = (recipients: string[] = []) => new Set(recipients.map((recipient) => recipient.toLowerCase()));

  const answer = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    try {
      const path = request.url ?? '/';
      const body = await readBody(request);
      if (path === SES_SANDBOX_PATH) {
        if (request.method === 'POST') {
          const { verified = [], grantScopedToSender = false } = JSON.parse(body.toString('utf8') || '{}') as {
            verified?: string[];
            grantScopedToSender?: boolean;
          };
          sandbox = { verified: new Set(verified.map((value) => value.toLowerCase())), grantScopedToSender };
        } else if (request.method === 'DELETE') {
          sandbox = undefined;
        }
        return answerJson(response, 200, {
          sandbox: sandbox !== undefined,
          verified: [...(sandbox?.verified ?? [])],
          grantScopedToSender: sandbox?.grantScopedToSender ?? false,
        });
      }
      if (path === SES_FAULTS_PATH) {
        const { answerLost, throttled } =
          request.method === 'POST'
            ? (JSON.parse(body.toString('utf8') || '{}') as { answerLost?: string[]; throttled?: string[] })
            : {};
        faults = { answerLost: lowerCased(answerLost), throttled: lowerCased(throttled) };
        return answerJson(response, 200, { answerLost: [...faults.answerLost], throttled: [...faults.throttled] });
      }
      if (
        request.method === 'POST' &&
        recipientsOf(path, body.toString('utf8')).some((r) => faults.throttled.has(bareAddress(r)))
      ) {
        return answerJson(
          response,
          429,
          { message: 'Maximum sending rate exceeded.' },
          { 'x-amzn-errortype': 'TooManyRequestsException' },
        );
      }
      if (sandbox && request.method === 'POST') {
        const recipients = recipientsOf(path, body.toString('utf8')).map(bareAddress);
        const refused = recipients.filter((address) => !isVerified(address, sandbox!.verified));
        if (refused.length > 0) {
          // SES's own answer (restJson1 for v2): the SDK turns it into a MessageRejected error.
          const message = `Email address is not verified. The following identities failed the check in region ${SANDBOX_REGION}: ${refused.join(', ')}`;
          return answerJson(response, 400, { message }, { 'x-amzn-errortype': 'MessageRejected' });
        }
        if (sandbox.grantScopedToSender && recipients.length > 0) {
          // SES v2's answer to an IAM refusal (SES v1 calls it AccessDenied): the SDK names the error after it.
          const message = `User \`${SANDBOX_CALLER}' is not authorized to perform \`ses:SendEmail' on resource \`arn:aws:ses:${SANDBOX_REGION.toLowerCase()}:000000000000:identity/${recipients[0]}'`;
          return answerJson(response, 403, { message }, { 'x-amzn-errortype': 'AccessDeniedException' });
        }
      }
      const upstream = await fetch(`${sesUrl}${path}`, {
        method: request.method,
        headers: Object.entries(request.headers).flatMap(([name, value]) =>
          value === undefined || name === 'host' || name === 'connection'
            ? []
            : [[name, String(value)] as [string, string]],
        ),
        body: ['GET', 'HEAD'].includes(request.method ?? 'GET') ? undefined : new Uint8Array(body),
      });
      const headers: http.OutgoingHttpHeaders = {};
      upstream.headers.forEach((value, name) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name))
          headers[name] = value;
      });
      if (upstream.ok && request.method === 'POST') {
        const recipients = recipientsOf(path, body.toString('utf8'));
        options.meter?.recordEmails(recipients.length);
        // Sent, and the answer never reaches the sender.
        if (recipients.some((recipient) => faults.answerLost.has(bareAddress(recipient)))) {
          await upstream.arrayBuffer();
          request.socket.destroy();
          return;
        }
      }
      const answered = Buffer.from(await upstream.arrayBuffer());
      if (upstream.ok && request.method === 'POST' && path.startsWith('/v2/email/outbound-emails')) {
        const { MessageId = crypto.randomUUID() } = JSON.parse(answered.toString('utf8') || '{}') as {
          MessageId?: string;
        };
        for (const event of simulatedFeedback(body.toString('utf8'), MessageId)) options.onFeedback?.(event);
      }
      response.writeHead(upstream.status, headers);
      response.end(answered);
    } catch (error) {
      if (!response.headersSent) answerJson(response, 500, { message: String(error) });
      else response.end();
    }
  };
  // Every failure is answered inside `answer`: nothing is left for the server to catch. The client closes idle
  // keep-alive sockets, never the server (as the gateway, dynalite and the Stripe sandbox do): with Node's 5 s
  // server timeout a busy SES client sent an email onto a socket the server was closing, "TimeoutError: read
  // ECONNRESET", an invitation answered 500 in a loaded chaos run. stop() closes the rest.
  const front = http.createServer({ keepAliveTimeout: 0 }, (request, response) => void answer(request, response));
  const port = await listenOn(front, options.port);
  return {
    url: `http://${LOOPBACK}:${port}`,
    stop: async () => {
      await closeServer(front);
      await closeServer(ses);
    },
  };
}
