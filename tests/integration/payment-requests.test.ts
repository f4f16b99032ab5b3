/**
 * Payment requests (docs/decisions.md #79–#81) on the local runtime, with the clock driven forward: the
 * request email, the Pay button carrying the request (and an open link's amount) to a payment that marks it
 * Paid, the one reminder after N days — once, never after payment or cancel, once for two runs at once —
 * the daily limit, and one merchant never seeing or cancelling another's.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { paymentLinkListSchema, type CreatePaymentLinkInput } from '@shared/contracts/payment-links';
import {
  paymentRequestListSchema,
  paymentRequestSchema,
  REQUEST_LIMIT_MESSAGE,
  REQUESTS_PER_DAY,
  type PaymentRequest,
  type SendPaymentRequestInput,
} from '@shared/contracts/payment-requests';
import { dayInTimeZone } from '@functions/domain/merchant-days';
import { dashboardStatsSchema } from '@shared/contracts/stats';
import { emailsTo, linkIn, waitForEmail } from '../support/mailbox';
import { paymentRow } from '../support/stored-rows';
import { payOnHostedCheckout } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

const DAY_MS = 24 * 60 * 60 * 1000;
const REMINDERS = 'send-request-reminders';

let env: TestRuntime;
let merchant: TestMerchant;
let other: TestMerchant;

/** Subscribed, so the day's limit is the full REQUESTS_PER_DAY (a trial's is lower: request-mail-safety.test.ts). */
const SUBSCRIBED = {
  subscription: { id: 'sub_requests', status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false },
};

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant({
    companyName: 'Aroha Plumbing',
    timeZone: 'Pacific/Auckland',
    ...SUBSCRIBED,
  });
  other = await env.connectedMerchant({ companyName: 'Other Sparkies', ...SUBSCRIBED });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await env?.stop();
});

function send(path: string, method: string, body: unknown, token?: string) {
  return env.api(path, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

let payerCount = 0;
/** A payer address of each test's own, so mailbox counts belong to one request. */
const newPayer = () => `payer-${++payerCount}-${crypto.randomUUID().slice(0, 6)}@example.co.nz`;

async function createLink(owner: TestMerchant, input: Partial<CreatePaymentLinkInput> = {}) {
  return env.createLink(owner, { title: 'Call-out fee', isOpenAmount: false, amountCents: 12_000, ...input });
}

async function sendRequest(owner: TestMerchant, input: Partial<SendPaymentRequestInput>) {
  return send('/api/me/requests', 'POST', { payerEmail: newPayer(), ...input }, owner.accessToken);
}

async function sent(owner: TestMerchant, input: Partial<SendPaymentRequestInput>): Promise<PaymentRequest> {
  const response = await sendRequest(owner, input);
  expect(response.status, await response.clone().text()).toBe(201);
  return paymentRequestSchema.parse(await response.json());
}

async function listed(owner: TestMerchant) {
  const response = await env.api('/api/me/requests', { token: owner.accessToken });
  expect(response.status).toBe(200);
  return paymentRequestListSchema.parse(await response.json()).requests;
}

async function statusOf(owner: TestMerchant, requestId: string) {
  return (await listed(owner)).find((request) => request.requestId === requestId);
}

const cancel = (owner: TestMerchant, requestId: string) =>
  send(`/api/me/requests/${requestId}/cancel`, 'POST', {}, owner.accessToken);

const reminders = async (payerEmail: string) =>
  (await emailsTo(env.runtime.mailbox.url, payerEmail)).filter((email) => /^Reminder:/.test(email.subject));

/** Pays through the request's Pay button as the payer page does: the link, the request id, the amount it shows. */
async function payThrough(request: PaymentRequest, amount?: number) {
  const payUrl = new URL(request.payUrl, env.baseUrl);
  const response = await send('/api/checkout', 'POST', {
    linkId: request.linkId,
    tip: 'none',
    requestId: payUrl.searchParams.get('request'),
    ...(amount !== undefined && { amount }),
  });
  expect(response.status).toBe(200);
  const { url, paymentId } = checkoutResponseSchema.parse(await response.json());
  await payOnHostedCheckout(url, { email: request.payerEmail });
  await env.settle();
  return paymentId;
}

/**
 * Runs the reminder schedule with every clock in this process (the handlers', the sandbox's) at `at`, then
 * brings the clocks back: the merchant's token, issued now, would read as expired days ahead.
 */
async function runRemindersAt(at: number) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(at);
  try {
    await env.runtime.scheduler.runNow(REMINDERS);
  } finally {
    vi.useRealTimers();
  }
}

describe('sending a request', () => {
  it('emails the payer the note, the amount and a Pay button to the link carrying the request', async () => {
    const link = await createLink(merchant);
    const request = await sent(merchant, {
      linkId: link.linkId,
      payerName: 'Mere',
      note: 'Thanks for having us <b>Tuesday</b> — invoice 1042.',
    });
    expect(request).toMatchObject({ status: 'sent', amountCents: 12_000, linkId: link.linkId, oneOff: false });

    const email = await waitForEmail(env.runtime.mailbox.url, request.payerEmail, { subject: /payment request/ });
    expect(email.subject).toBe('Aroha Plumbing sent you a payment request');
    // The merchant's words are text, never markup.
    expect(email.body.html).toContain('&lt;b&gt;Tuesday&lt;/b&gt;');
    expect(email.body.html).not.toContain('<b>Tuesday</b>');
    expect(email.body.text).toContain('$120.00');
    const pay = linkIn(email, `/p/${link.linkId}`);
    expect(pay.searchParams.get('request')).toBe(request.requestId);
    expect(pay.searchParams.has('amount')).toBe(false);

    expect(await statusOf(merchant, request.requestId)).toMatchObject({ status: 'sent', payerName: 'Mere' });
  });

  it('fills in an open link’s amount on the payer page before any script runs', async () => {
    const link = await createLink(merchant, { title: 'Pay what you owe', isOpenAmount: true, amountCents: null });
    const request = await sent(merchant, { linkId: link.linkId, amountCents: 1250 });
    const pay = new URL(request.payUrl);
    expect(pay.searchParams.get('amount')).toBe('1250');
    const html = await (await env.api(`${pay.pathname}${pay.search}`)).text();
    expect(html).toMatch(/<input id="pay-amount"[^>]* value="12\.50"/);
    // Without the request's amount the field is empty (the shared markup writes the value, empty, as React does).
    expect(await (await env.api(pay.pathname)).text()).not.toMatch(/<input id="pay-amount"[^>]* value="[^"]/);
  });

  it('refuses bad input in words and sends nothing', async () => {
    const link = await createLink(merchant);
    const cases: [Partial<SendPaymentRequestInput>, string, string][] = [
      [{ linkId: link.linkId, payerEmail: 'not-an-email' }, 'payerEmail', 'Enter a valid email address'],
      [{ linkId: link.linkId, note: 'n'.repeat(501) }, 'note', 'Use at most 500 characters.'],
      [{ linkId: link.linkId, reminderDays: 31 }, 'reminderDays', 'Choose a reminder from 1 to 30 days.'],
      [{ amountCents: 5000 }, 'title', 'Say what the payment is for.'],
    ];
    for (const [input, field, words] of cases) {
      const response = await sendRequest(merchant, input);
      expect(response.status).toBe(400);
      expect((await response.json()).fields[field]).toContain(words);
    }
    // Another merchant's link is not there to request.
    const othersLink = await createLink(other);
    const refused = await sendRequest(merchant, { linkId: othersLink.linkId });
    expect(refused.status).toBe(404);
  });

  it('a one-off amount gets a single-use link of its own, hidden from the links list', async () => {
    const request = await sent(merchant, { title: 'Replace hot-water valve', amountCents: 18_950 });
    expect(request).toMatchObject({ oneOff: true, amountCents: 18_950, title: 'Replace hot-water valve' });
    const links = paymentLinkListSchema.parse(
      await (await env.api('/api/me/links', { token: merchant.accessToken })).json(),
    ).links;
    expect(links.some((link) => link.linkId === request.linkId)).toBe(false);
    // Nor does the dashboard count it among the active links.
    const stats = dashboardStatsSchema.parse(
      await (await env.api('/api/me/stats', { token: merchant.accessToken })).json(),
    );
    expect(stats.activePaymentLinks).toBe(links.filter((link) => link.isActive).length);
    const page = await env.api(new URL(request.payUrl).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('$189.50');
  });

  it(`allows ${REQUESTS_PER_DAY} requests a merchant's day, then answers 429 in words`, async () => {
    const limited = await env.connectedMerchant({
      companyName: 'Busy Builders',
      timeZone: 'Pacific/Auckland',
      ...SUBSCRIBED,
    });
    const link = await createLink(limited);
    // The day's count as if 49 had gone already (sending 49 emails would only slow the test).
    await env.documents.send(
      new PutCommand({
        TableName: env.runtime.dynamo.tableNames.requests,
        Item: {
          requestId: `quota#${limited.sub}#${dayInTimeZone(new Date(), 'Pacific/Auckland')}`,
          sends: REQUESTS_PER_DAY - 1,
        },
      }),
    );
    await sent(limited, { linkId: link.linkId });
    const refused = await sendRequest(limited, { linkId: link.linkId });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'too_many_requests', message: REQUEST_LIMIT_MESSAGE });
    expect((await listed(limited)).length).toBe(1);
  });
});

describe('paying a request', () => {
  it("opens Checkout with the address the request was sent to, and only for that request's link", async () => {
    const link = await createLink(merchant);
    const request = await sent(merchant, { linkId: link.linkId });
    const requestId = new URL(request.payUrl, env.baseUrl).searchParams.get('request');
    const emailOnCheckout = async (body: Record<string, unknown>) => {
      const response = await send('/api/checkout', 'POST', { tip: 'none', ...body });
      expect(response.status).toBe(200);
      const page = await (await fetch(checkoutResponseSchema.parse(await response.json()).url)).text();
      return /<input id="email"[^>]*value="([^"]*)"/.exec(page)?.[1];
    };
    expect(await emailOnCheckout({ linkId: link.linkId, requestId })).toBe(request.payerEmail);
    // The link without the request, or the request's id on another link, leaves the payer to type it.
    expect(await emailOnCheckout({ linkId: link.linkId })).toBe('');
    const other = await createLink(merchant);
    expect(await emailOnCheckout({ linkId: other.linkId, requestId })).toBe('');
  });

  it('a payment through the Pay button marks the request Paid with its payment, once', async () => {
    const link = await createLink(merchant);
    const request = await sent(merchant, { linkId: link.linkId, reminderDays: 1 });
    const paymentId = await payThrough(request);
    const paid = await statusOf(merchant, request.requestId);
    expect(paid).toMatchObject({ status: 'paid', paymentId, remindAt: null });
    expect(paid!.paidAt).not.toBeNull();

    // No reminder after payment, however late the schedule runs.
    await runRemindersAt(Date.now() + 2 * DAY_MS);
    expect(await reminders(request.payerEmail)).toHaveLength(0);
    // A paid request cannot be cancelled.
    const refused = await cancel(merchant, request.requestId);
    expect(refused.status).toBe(409);
    expect((await statusOf(merchant, request.requestId))!.status).toBe('paid');
  });

  it('an open link paid less than the requested amount leaves the request open', async () => {
    const link = await createLink(merchant, { title: 'Deposit', isOpenAmount: true, amountCents: null });
    const request = await sent(merchant, { linkId: link.linkId, amountCents: 5000 });
    await payThrough(request, 1000);
    expect((await statusOf(merchant, request.requestId))!.status).toBe('sent');
    const paymentId = await payThrough(request, 5000);
    expect(await statusOf(merchant, request.requestId)).toMatchObject({ status: 'paid', paymentId });
  });

  it('a one-off request is paid once; cancelling another stops its Pay button', async () => {
    const request = await sent(merchant, { title: 'Gutter clean', amountCents: 9000 });
    const paymentId = await payThrough(request);
    expect(await statusOf(merchant, request.requestId)).toMatchObject({ status: 'paid', paymentId });

    const cancelled = await sent(merchant, { title: 'Drain unblock', amountCents: 7000 });
    expect((await cancel(merchant, cancelled.requestId)).status).toBe(200);
    expect((await env.api(new URL(cancelled.payUrl).pathname)).status).toBe(404);
  });

  it('cancelling a one-off expires the Checkout its payer has open; one paid a moment before stands (#105)', async () => {
    const openCheckout = async (request: PaymentRequest) => {
      const response = await send('/api/checkout', 'POST', {
        linkId: request.linkId,
        tip: 'none',
        requestId: request.requestId,
      });
      expect(response.status).toBe(200);
      return checkoutResponseSchema.parse(await response.json());
    };

    // The payer opened the Pay button's Checkout, then the merchant cancelled: that Checkout no longer pays.
    const request = await sent(merchant, { title: 'Hot water cylinder', amountCents: 64_000 });
    const open = await openCheckout(request);
    expect((await cancel(merchant, request.requestId)).status).toBe(200);
    await env.settle();
    await expect(payOnHostedCheckout(open.url, { email: request.payerEmail })).rejects.toThrow(/answered/);
    expect((await paymentRow(env, open.paymentId)).status).toBe('expired');
    expect((await statusOf(merchant, request.requestId))!.status).toBe('cancelled');

    // Paid on Stripe just before the cancel (its event not yet applied): the payment stands and shows as any
    // other, and the request stays Cancelled (#80).
    const raced = await sent(merchant, { title: 'Tap washer', amountCents: 4_500 });
    const paying = await openCheckout(raced);
    expect((await payOnHostedCheckout(paying.url, { email: raced.payerEmail })).status).toBe(303);
    expect((await cancel(merchant, raced.requestId)).status).toBe(200);
    await env.settle();
    expect((await paymentRow(env, paying.paymentId)).status).toBe('succeeded');
    expect(await statusOf(merchant, raced.requestId)).toMatchObject({ status: 'cancelled', paymentId: null });
  });
});

describe('the reminder', () => {
  it('goes once, N days after sending, and never twice', async () => {
    const link = await createLink(merchant);
    const request = await sent(merchant, { linkId: link.linkId, reminderDays: 3 });
    expect(Date.parse(request.remindAt!) - Date.parse(request.createdAt)).toBe(3 * DAY_MS);

    await runRemindersAt(Date.parse(request.remindAt!) - 60_000);
    expect(await reminders(request.payerEmail)).toHaveLength(0);

    await runRemindersAt(Date.parse(request.remindAt!) + 60_000);
    const [reminder] = await reminders(request.payerEmail);
    expect(reminder!.subject).toBe('Reminder: Aroha Plumbing is waiting for your payment');
    expect(linkIn(reminder!, `/p/${link.linkId}`).searchParams.get('request')).toBe(request.requestId);
    expect(await statusOf(merchant, request.requestId)).toMatchObject({ status: 'reminded', remindAt: null });

    await runRemindersAt(Date.parse(request.remindAt!) + 5 * DAY_MS);
    expect(await reminders(request.payerEmail)).toHaveLength(1);

    // Paid after the reminder: Reminded → Paid.
    const paymentId = await payThrough(request);
    expect(await statusOf(merchant, request.requestId)).toMatchObject({ status: 'paid', paymentId });
  });

  it('is never sent after the request is cancelled', async () => {
    const link = await createLink(merchant);
    const request = await sent(merchant, { linkId: link.linkId, reminderDays: 1 });
    const response = await cancel(merchant, request.requestId);
    expect(response.status).toBe(200);
    expect(paymentRequestSchema.parse(await response.json())).toMatchObject({ status: 'cancelled', remindAt: null });

    await runRemindersAt(Date.now() + 2 * DAY_MS);
    expect(await reminders(request.payerEmail)).toHaveLength(0);
    // Cancelled is final: paying the link through the old button marks nothing.
    await payThrough(request);
    expect((await statusOf(merchant, request.requestId))!.status).toBe('cancelled');
  });

  it('two schedule runs at once send it once', async () => {
    const link = await createLink(merchant);
    const request = await sent(merchant, { linkId: link.linkId, reminderDays: 2 });
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.parse(request.remindAt!) + 60_000);
    await Promise.all([env.runtime.scheduler.runNow(REMINDERS), env.runtime.scheduler.runNow(REMINDERS)]);
    vi.useRealTimers();
    expect(await reminders(request.payerEmail)).toHaveLength(1);
  });
});

describe('tenant isolation', () => {
  it('another merchant neither sees nor cancels a request', async () => {
    const link = await createLink(merchant);
    const request = await sent(merchant, { linkId: link.linkId });
    expect((await listed(other)).some((candidate) => candidate.requestId === request.requestId)).toBe(false);
    const refused = await cancel(other, request.requestId);
    expect(refused.status).toBe(404);
    expect((await statusOf(merchant, request.requestId))!.status).toBe('sent');
    // A payment on another merchant's link carrying this request id marks nothing.
    const othersLink = await createLink(other);
    await payThrough({ ...request, linkId: othersLink.linkId });
    expect((await statusOf(merchant, request.requestId))!.status).toBe('sent');
  });
});
