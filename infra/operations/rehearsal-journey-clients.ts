/**
 * What the rehearsal's journey (rehearsal-journey.ts) does as a merchant's and a payer's browser would, in
 * plain HTTP and one WebSocket: the gateway's API, cognito-local's JSON API (as Amplify calls it), the SES
 * mailbox's `/store`, and the Stripe sandbox's hosted pages. Nothing here imports a handler or a store.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import WebSocket from 'ws';
import { realtimeMessageSchema, type RealtimeMessage } from '@shared/contracts/realtime';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';

/** API Gateway's own limit on an integration (29 s): a slower answer would fail in the cloud too. */
const REQUEST_TIMEOUT_MS = 30_000;
const POLL_INTERVAL_MS = 100;

/** A step's expectation that did not hold; its message says what was expected and what came. */
export class JourneyStepFailed extends Error {}

export function expectThat(condition: unknown, message: string): asserts condition {
  if (!condition) throw new JourneyStepFailed(message);
}

export function expectEqual<T>(what: string, expected: T, got: T) {
  const same = JSON.stringify(expected) === JSON.stringify(got);
  expectThat(same, `${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
}

/** Reads `read()` until `done` says so or the time is up, and answers the last value read either way. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** `fetch` within the time limit; no answer (refused, timed out) fails the step naming the request. */
async function answerOf(what: string, url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { redirect: 'manual', ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    throw new JourneyStepFailed(`${what}: no answer (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** A JSON call that must answer `status`; any other answer fails the step with the body it came with. */
export async function callJson<T>(
  method: string,
  url: string,
  options: { status: number; token?: string; body?: unknown; headers?: Record<string, string> },
): Promise<T> {
  const path = new URL(url).pathname;
  const response = await answerOf(`${method} ${path}`, url, {
    method,
    headers: {
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  expectThat(
    response.status === options.status,
    `${method} ${path}: expected ${options.status}, got ${response.status} ${text.slice(0, 300)}`,
  );
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Posts a hosted page's form (onboarding, Checkout) as a browser does, without following the redirect. */
export function submitForm(url: string, fields: Record<string, string>) {
  return answerOf(`POST ${new URL(url).pathname}`, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The sign-up form's bot check, solved as the ALTCHA widget solves it in the browser. */
export async function solvedBotCheck(appUrl: string): Promise<string> {
  const challenge = await callJson<Challenge>('GET', `${appUrl}/api/signup/challenge`, { status: 200 });
  const solution = await solveChallenge({ challenge, deriveKey });
  expectThat(solution, 'the bot check could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** One call to the user pool's JSON API, unsigned, as Amplify makes ConfirmSignUp and InitiateAuth. */
export async function cognitoCall<T>(endpoint: string, action: string, body: object): Promise<T> {
  const response = await answerOf(`Cognito ${action}`, endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expectThat(response.ok, `Cognito ${action}: expected 200, got ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text || '{}') as T;
}

/** ConfirmSignUp with the emailed code, as the /verify-email page does through Amplify. */
export async function confirmSignUp(config: RuntimeConfig, email: string, code: string) {
  expectThat(config.userPoolEndpoint, '/config.json names no userPoolEndpoint: not a local stack');
  const body = { ClientId: config.userPoolClientId, Username: email, ConfirmationCode: code };
  await cognitoCall(config.userPoolEndpoint, 'ConfirmSignUp', body);
}

/** The access token of a password sign-in (USER_PASSWORD_AUTH, as web/src/lib/auth.ts signs in). */
export async function signInWithPassword(config: RuntimeConfig, email: string, password: string) {
  expectThat(config.userPoolEndpoint, '/config.json names no userPoolEndpoint: not a local stack');
  const auth = await cognitoCall<{ AuthenticationResult?: { AccessToken?: string } }>(
    config.userPoolEndpoint,
    'InitiateAuth',
    {
      ClientId: config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    },
  );
  const token = auth.AuthenticationResult?.AccessToken;
  expectThat(token, 'InitiateAuth answered no access token (a challenge instead?)');
  return token;
}

/** Completes Stripe's hosted onboarding as the merchant does; answers where Stripe sends them back. */
export async function completeOnboarding(url: string): Promise<string> {
  const page = await answerOf('the onboarding page', url);
  await page.arrayBuffer();
  expectThat(page.status === 200, `the onboarding page answered ${page.status}`);
  const done = await submitForm(url, { action: 'complete' });
  return done.headers.get('location') ?? `no redirect (${done.status})`;
}

/**
 * Pays on Stripe's hosted Checkout as the payer does: opens the page (its HTML, to check the total it
 * shows) and submits the card; answers the page and where Checkout sent the payer.
 */
export async function payOnCheckout(url: string, card: string) {
  const page = await answerOf('the Checkout page', url);
  const html = await page.text();
  expectThat(page.status === 200, `the Checkout page answered ${page.status}`);
  const fields = { email: 'payer@example.co.nz', name: 'Rawiri Payer', expiry: '12 / 34', cvc: '123' };
  const paid = await submitForm(url, { ...fields, card_number: card });
  return { html, location: paid.headers.get('location') ?? `no redirect (${paid.status})` };
}

interface MailboxEmail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
}

/** The first email to `to` whose subject matches, read from the mailbox's `/store` as a person reads an inbox. */
export async function waitForEmail(mailboxUrl: string, to: string, subject: RegExp, timeoutMs: number) {
  const emails = await pollUntil(
    async () => {
      const { emails } = await callJson<{ emails: MailboxEmail[] }>('GET', `${mailboxUrl}/store`, { status: 200 });
      return emails.filter((email) => email.destination.to.some((address) => address.includes(to)));
    },
    (emails) => emails.some((email) => subject.test(email.subject)),
    timeoutMs,
  );
  const email = emails.find((candidate) => subject.test(candidate.subject));
  expectThat(email, `no email "${subject.source}" to ${to} within ${timeoutMs} ms (got ${emails.length} others)`);
  return email;
}

/** The merchant's realtime socket as the dashboard keeps it: opened with the access token, every push kept. */
export interface RealtimeListener {
  messages: RealtimeMessage[];
  /** The first push `matches` takes, waiting up to `timeoutMs`; undefined when none came. */
  waitFor(matches: (message: RealtimeMessage) => boolean, timeoutMs: number): Promise<RealtimeMessage | undefined>;
  close(): void;
}

export function openRealtime(realtimeUrl: string, accessToken: string): Promise<RealtimeListener> {
  const url = new URL(realtimeUrl);
  url.searchParams.set('token', accessToken);
  const socket = new WebSocket(url, { handshakeTimeout: REQUEST_TIMEOUT_MS });
  const messages: RealtimeMessage[] = [];
  socket.on('message', (data) => {
    const parsed = realtimeMessageSchema.safeParse(JSON.parse(String(data)));
    if (parsed.success) messages.push(parsed.data);
  });
  const listener: RealtimeListener = {
    messages,
    async waitFor(matches, timeoutMs) {
      const found = await pollUntil(
        () => Promise.resolve(messages.find(matches)),
        (message) => message !== undefined,
        timeoutMs,
      );
      return found;
    },
    close: () => socket.terminate(),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(listener));
    socket.once('unexpected-response', (_request, response) =>
      reject(new JourneyStepFailed(`the realtime socket was refused with ${response.statusCode}`)),
    );
    socket.once('error', (error) => reject(new JourneyStepFailed(`the realtime socket failed: ${error.message}`)));
  });
}
