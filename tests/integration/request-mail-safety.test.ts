/**
 * Door 4 of issue 48 (docs/decisions.md #174, #175): a payment request cannot carry a working link in its note,
 * a trial account sends fewer a day, every request and reminder carries List-Unsubscribe with RFC 8058's
 * one-click POST, an unsubscribed address gets no more requests or reminders from that business, and a
 * recipient can report the email, which is recorded, told to the operator and pauses a trial account's requests.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInTimeZone } from '@functions/domain/merchant-days';
import { TRIAL_REQUEST_LIMIT_MESSAGE, TRIAL_REQUESTS_PER_DAY } from '@shared/contracts/payment-requests';
import { SUPPORT_EMAIL } from '@shared/brand';
import { bootWithConnectedMerchant } from '../support/connected-merchant-runtime';
import { emailsTo, waitForEmail, type MailboxEmail } from '../support/mailbox';
import { requestSender, runRemindersAt, SUBSCRIBED, type RequestSender } from '../support/payment-requests';
import type { TestMerchant, TestRuntime } from './harness';

const DAY_MS = 24 * 60 * 60 * 1000;

let env: TestRuntime;
/** Subscribed, not on the trial: the trial's lower limit and first-report pause do not apply. */
let merchant: TestMerchant;
let requests: RequestSender;

const newPayer = () => `payer-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;

beforeAll(async () => {
  ({ env, merchant } = await bootWithConnectedMerchant(
    { publicRateLimit: false },
    { companyName: 'Aroha Plumbing', ...SUBSCRIBED },
  ));
  requests = requestSender(env, () => ({ payerEmail: newPayer(), title: 'Call-out', amountCents: 12_000 }));
});
afterAll(() => env?.stop());

const requestEmailTo = (payer: string) => waitForEmail(env.runtime.mailbox.url, payer, { subject: /payment request/ });
const header = (email: MailboxEmail, name: string) =>
  email.headers?.find((field) => field.name.toLowerCase() === name.toLowerCase())?.value;
/** The URL inside List-Unsubscribe's angle brackets. */
const unsubscribeUrlOf = (email: MailboxEmail) =>
  new URL(/<(https?:[^>]+)>/.exec(header(email, 'List-Unsubscribe')!)![1]!);

describe("a request's note", () => {
  it('shows a URL as text, never as a link, in the HTML and the plain text', async () => {
    const request = await requests.sent(merchant, {
      note: 'URGENT: your account is suspended.\nVerify now at https://evil.example.com/login or www.evil.example.com',
    });
    const email = await requestEmailTo(request.payerEmail);
    const html = email.body.html!;
    const text = email.body.text!;
    for (const body of [html, text]) {
      expect(body).not.toContain('https://evil.example.com');
      expect(body).not.toContain('evil.example.com');
      expect(body).toContain('evil[.]example[.]com/login');
    }
    // The only links are Paylink's own: Pay, unsubscribe and report.
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => new URL(match[1]!.replaceAll('&amp;', '&')));
    expect(hrefs.map((href) => href.origin)).toEqual(hrefs.map(() => new URL(request.payUrl, env.baseUrl).origin));
  });
});

describe("the business's name", () => {
  // The merchant types it too, and a request shows it in the subject, the sender and five times in the body.
  it('shows a host name in it as text, never as a link, wherever the request and its reminder name the business', async () => {
    const phisher = await env.connectedMerchant({
      companyName: 'Account Security - verify now at kiwibank-login.co.nz',
      ...SUBSCRIBED,
    });
    const payer = newPayer();
    await requests.sent(phisher, { payerEmail: payer, reminderDays: 1 });
    await runRemindersAt(env, Date.now() + 2 * DAY_MS);
    const request = await requestEmailTo(payer);
    const reminder = await waitForEmail(env.runtime.mailbox.url, payer, { subject: /^Reminder:/ });
    for (const email of [request, reminder]) {
      for (const shown of [email.subject, email.from, email.body.html!, email.body.text!]) {
        expect(shown).not.toContain('kiwibank-login.co.nz');
        expect(shown).toContain('kiwibank-login[.]co[.]nz');
      }
    }
  });

  it('keeps an ordinary name as typed', async () => {
    const cafe = await env.connectedMerchant({ companyName: 'Harbour Coffee Co.', ...SUBSCRIBED });
    const payer = newPayer();
    await requests.sent(cafe, { payerEmail: payer });
    const email = await requestEmailTo(payer);
    expect(email.subject).toBe('Harbour Coffee Co. sent you a payment request');
    expect(email.from).toContain('"Harbour Coffee Co."');
  });
});

describe('a trial account', () => {
  it(`sends ${TRIAL_REQUESTS_PER_DAY} requests a day, then answers 429 in words`, async () => {
    const trial = await env.connectedMerchant({ companyName: 'New Trader', timeZone: 'Pacific/Auckland' });
    await env.documents.send(
      new PutCommand({
        TableName: env.runtime.dynamo.tableNames.requests,
        Item: {
          requestId: `quota#${trial.sub}#${dayInTimeZone(new Date(), 'Pacific/Auckland')}`,
          sends: TRIAL_REQUESTS_PER_DAY - 1,
        },
      }),
    );
    await requests.sent(trial);
    const refused = await requests.send(trial, {});
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'too_many_requests', message: TRIAL_REQUEST_LIMIT_MESSAGE });
  });
});

describe('unsubscribing', () => {
  it('a request and its reminder carry List-Unsubscribe with one-click POST; after it, neither is sent', async () => {
    const payer = newPayer();
    const first = await requests.sent(merchant, { payerEmail: payer, reminderDays: 1 });
    const email = await requestEmailTo(payer);
    expect(header(email, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const url = unsubscribeUrlOf(email);
    expect(url.protocol).toMatch(/^https?:$/);

    // The page a person opens asks first (a link scanner's GET unsubscribes nobody).
    const page = await env.api(`/unsubscribe/${first.requestId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Aroha Plumbing');

    // The mail app's one-click: a POST of `List-Unsubscribe=One-Click` to the header's URL (RFC 8058).
    const oneClick = await env.api(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);

    // No more requests from this business to that address, in words the merchant can act on…
    const refused = await requests.send(merchant, { payerEmail: payer.toUpperCase() });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'recipient_unsubscribed' });
    // …and the reminder already owed is not sent.
    await runRemindersAt(env, Date.now() + 2 * DAY_MS);
    expect((await emailsTo(env.runtime.mailbox.url, payer)).filter((e) => /^Reminder:/.test(e.subject))).toEqual([]);

    // Another business may still send to the address: the list is each business's own.
    const other = await env.connectedMerchant({ companyName: 'Other Sparkies', ...SUBSCRIBED });
    await requests.sent(other, { payerEmail: payer });
  });

  it('a reminder carries the headers too', async () => {
    const payer = newPayer();
    await requests.sent(merchant, { payerEmail: payer, reminderDays: 1 });
    await runRemindersAt(env, Date.now() + 2 * DAY_MS);
    const reminder = await waitForEmail(env.runtime.mailbox.url, payer, { subject: /^Reminder:/ });
    expect(header(reminder, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeUrlOf(reminder).pathname).toMatch(/unsubscribe/);
  });
});

describe('reporting abuse', () => {
  it("records the report, tells the operator, stops that business's requests to the address and pauses a trial's", async () => {
    const trial = await env.connectedMerchant({ companyName: 'Phishy Trader' });
    const payer = newPayer();
    const request = await requests.sent(trial, { payerEmail: payer });
    const email = await requestEmailTo(payer);
    const reportLink = [...email.body.html!.matchAll(/href="([^"]+)"/g)]
      .map((match) => new URL(match[1]!.replaceAll('&amp;', '&')))
      .find((href) => href.pathname === `/unsubscribe/${request.requestId}` && href.hash === '#report');
    expect(reportLink).toBeDefined();

    const reported = await env.api(`/api/requests/${request.requestId}/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'reason=phishing',
    });
    expect(reported.status).toBe(200);

    const toOperator = await waitForEmail(env.runtime.mailbox.url, SUPPORT_EMAIL, {
      subject: /Abuse report: Phishy Trader/,
    });
    expect(toOperator.body.text).toContain(trial.sub);
    expect(toOperator.body.text).toContain(request.requestId);

    // A trial account's requests stop at its first report, until the operator looks.
    const paused = await requests.send(trial, { payerEmail: newPayer() });
    expect(paused.status).toBe(403);
    expect(await paused.json()).toMatchObject({ code: 'requests_paused' });
  });

  it('a subscribed business keeps sending after one report, but never again to that address', async () => {
    const payer = newPayer();
    const request = await requests.sent(merchant, { payerEmail: payer });
    const reported = await env.api(`/api/requests/${request.requestId}/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'reason=phishing',
    });
    expect(reported.status).toBe(200);
    expect((await requests.send(merchant, { payerEmail: payer })).status).toBe(409);
    await requests.sent(merchant, { payerEmail: newPayer() });
  });
});
