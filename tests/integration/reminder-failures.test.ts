/**
 * A payment request's reminder when its email fails (docs/decisions.md #81, #117), on the local
 * runtime with the schedule's clock driven forward. A refusal that no retry can fix (SES: MessageRejected)
 * ends the reminder at once and the merchant sees why, instead of a claim given back every 15 minutes for
 * ever; a send whose answer is lost after SES took it (a timeout, a reset) may have gone, so it is never
 * sent again — neither by the SDK's own retry nor by the next run.
 */
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import {
  paymentRequestListSchema,
  paymentRequestSchema,
  type PaymentRequest,
} from '@shared/contracts/payment-requests';
import { SES_FAULTS_PATH, SES_SANDBOX_PATH } from '@infra/local/mailbox';
import { REMINDER_ATTEMPTS, REMINDER_GAVE_UP_MESSAGE } from '@functions/domain/payment-requests';
import { emailsTo, waitForEmail } from '../support/mailbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

const REMINDERS = 'send-request-reminders';
const MINUTE_MS = 60_000;

let env: TestRuntime;
let merchant: TestMerchant;
let linkId: string;

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant({ companyName: 'Aroha Plumbing' });
  linkId = (await env.createLink(merchant, { title: 'Call-out fee', isOpenAmount: false, amountCents: 12_000 })).linkId;
});
afterEach(async () => {
  vi.useRealTimers();
  await mailboxSwitch(SES_SANDBOX_PATH, 'DELETE');
  await mailboxSwitch(SES_FAULTS_PATH, 'DELETE');
});
afterAll(async () => {
  await env?.stop();
});

async function mailboxSwitch(path: string, method: 'POST' | 'DELETE', body?: unknown) {
  const response = await fetch(`${env.runtime.mailbox.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

/** A request with a reminder in a day, whose first email has gone. */
async function requestWithReminder(): Promise<PaymentRequest> {
  const payerEmail = `payer-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
  const response = await env.api('/api/me/requests', {
    method: 'POST',
    token: merchant.accessToken,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payerEmail, linkId, reminderDays: 1 }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const request = paymentRequestSchema.parse(await response.json());
  await waitForEmail(env.runtime.mailbox.url, payerEmail, { subject: /payment request/ });
  return request;
}

/** The schedule's runs, 15 minutes apart from a minute after the reminder fell due. */
async function runRemindersAfterDue(request: PaymentRequest, runs: number) {
  for (let run = 0; run < runs; run++) {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.parse(request.remindAt!) + MINUTE_MS + run * 15 * MINUTE_MS);
    try {
      await env.runtime.scheduler.runNow(REMINDERS);
    } finally {
      vi.useRealTimers();
    }
  }
}

async function asListed(request: PaymentRequest) {
  const response = await env.api('/api/me/requests', { token: merchant.accessToken });
  const { requests } = paymentRequestListSchema.parse(await response.json());
  return requests.find((candidate) => candidate.requestId === request.requestId)!;
}

const remindersTo = async (payerEmail: string) =>
  (await emailsTo(env.runtime.mailbox.url, payerEmail)).filter((email) => /^Reminder:/.test(email.subject));

it('a refused address ends the reminder at the first run, and the merchant is told why', async () => {
  const request = await requestWithReminder();
  // SES refuses the payer's address from now on (its sandbox, the address not verified).
  await mailboxSwitch(SES_SANDBOX_PATH, 'POST', { verified: ['verified.example.org'] });

  await runRemindersAfterDue(request, 1);
  const ended = await asListed(request);
  expect(ended).toMatchObject({ status: 'sent', remindAt: null });
  expect(ended.reminderFailure).toMatch(/MessageRejected/);

  // Nothing is owed any more: later runs, even once SES would take it, send nothing.
  await mailboxSwitch(SES_SANDBOX_PATH, 'DELETE');
  await runRemindersAfterDue(request, 3);
  expect(await remindersTo(request.payerEmail)).toHaveLength(0);
  expect(await asListed(request)).toMatchObject({ status: 'sent', remindAt: null });
});

it('a send whose answer was lost after SES took it is not sent again, by the SDK or by later runs', async () => {
  const request = await requestWithReminder();
  await mailboxSwitch(SES_FAULTS_PATH, 'POST', { answerLost: [request.payerEmail] });

  await runRemindersAfterDue(request, 3);
  expect(await remindersTo(request.payerEmail)).toHaveLength(1);
  expect(await asListed(request)).toMatchObject({ status: 'reminded', remindAt: null, reminderFailure: null });
});

it(`a send SES surely did not take (throttled) is tried again by the next run, ${REMINDER_ATTEMPTS} runs at most`, async () => {
  const request = await requestWithReminder();
  await mailboxSwitch(SES_FAULTS_PATH, 'POST', { throttled: [request.payerEmail] });

  await runRemindersAfterDue(request, REMINDER_ATTEMPTS - 1);
  // Still owed: given back after each failed run.
  expect(await asListed(request)).toMatchObject({ status: 'sent', remindAt: request.remindAt, reminderFailure: null });
  await runRemindersAfterDue(request, 1);
  expect(await asListed(request)).toMatchObject({
    status: 'sent',
    remindAt: null,
    reminderFailure: REMINDER_GAVE_UP_MESSAGE,
  });
  expect(await remindersTo(request.payerEmail)).toHaveLength(0);
});

it("the request's own email, its answer lost after SES took it, leaves the request Sent (it may have arrived), sent once", async () => {
  const payerEmail = `payer-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
  await mailboxSwitch(SES_FAULTS_PATH, 'POST', { answerLost: [payerEmail] });
  const response = await env.api('/api/me/requests', {
    method: 'POST',
    token: merchant.accessToken,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payerEmail, linkId, reminderDays: 1 }),
  });
  expect(response.status).toBe(201);
  const request = paymentRequestSchema.parse(await response.json());
  expect(await asListed(request)).toMatchObject({ status: 'sent', remindAt: request.remindAt });
  const emails = await emailsTo(env.runtime.mailbox.url, payerEmail);
  expect(emails.filter((email) => /payment request/.test(email.subject))).toHaveLength(1);
});
