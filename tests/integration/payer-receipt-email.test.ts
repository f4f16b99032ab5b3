/**
 * The payer's receipt by email without asking (issue 49 items 1 and 6; docs/decisions.md #172, #173): sent once
 * per payment by the consumer of the payment's success, however often the news comes again (the bus's
 * redelivery, the success page's check, the schedule, Stripe's event twice), from Paylink's address in the
 * café's name, with the café's reply-to and contact details, and no header a business name can add.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@shared/contracts/errors';
import { merchantProfileSchema } from '@shared/contracts/merchant';
import { PAYLINK_EVENT_SOURCE, PAYMENT_UPDATED } from '@shared/contracts/realtime';
import { emailsTo, waitForEmail, type MailboxEmail } from '../support/mailbox';
import { paymentRow } from '../support/stored-rows';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;

beforeAll(async () => {
  env = await bootLocalRuntime({ publicRateLimit: false });
});
afterAll(async () => {
  await env?.stop();
});

const newPayer = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
const receiptsTo = async (payer: string) =>
  (await emailsTo(env.runtime.mailbox.url, payer)).filter((email) => /receipt/i.test(email.subject));

/** What RFC 2047 encoded-words in a From display name say, decoded as a mail app shows them. */
function displayNameOf(from: string): string {
  const name = /^"?(.*?)"?\s*<[^>]+>$/.exec(from)?.[1] ?? '';
  // Whitespace between two encoded-words is not part of the name (RFC 2047 §6.2).
  return name
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([^?]+)\?=/gi, (_, data: string) => Buffer.from(data, 'base64').toString('utf8'));
}

const sessionIdOf = (paid: Response) => new URL(paid.headers.get('location')!).searchParams.get('session_id')!;

describe('a café payer who gave an email at Checkout', () => {
  let merchant: TestMerchant;
  let payer: string;
  let paymentId: string;
  let sessionId: string;
  let receipt: MailboxEmail;

  beforeAll(async () => {
    merchant = await env.connectedMerchant({
      companyName: 'Kōwhai Café',
      countryCode: '+64',
      phone: '021 555 0199',
    });
    payer = newPayer('catering');
    const paid = await env.paidPayment(
      merchant,
      { title: 'Catering platter', isOpenAmount: false, amountCents: 25_000 },
      { payer: { email: payer, name: 'Mere Payer' } },
    );
    paymentId = paid.paymentId;
    sessionId = sessionIdOf(paid.paid);
    // Nobody opens the success page or taps Email Receipt: the tab is closed.
    receipt = await waitForEmail(env.runtime.mailbox.url, payer, { subject: /receipt/i });
  });

  it('gets the receipt without asking, in the café’s name, with its reply-to and contact details', async () => {
    expect(receipt.subject).toBe('Your receipt from Kōwhai Café');
    expect(displayNameOf(receipt.from)).toBe('Kōwhai Café');
    expect(receipt.from).toMatch(/<[^>]+@[^>]+>$/);
    expect(receipt.replyTo).toEqual([merchant.email]);
    const text = receipt.body.text!;
    expect(text).toContain(`Transaction ID: ${paymentId}`);
    expect(text).not.toContain('because it was requested');
    expect(text).toContain('021 555 0199');
    expect(text).toContain(merchant.email);
    expect(receipt.body.html).toContain('021 555 0199');
  });

  it('gets it once, however often the success is told again', async () => {
    // The bus delivers the live update again, the success page checks, the schedule re-verifies.
    const payment = await paymentRow(env, paymentId);
    env.runtime.bus.put('paylink', {
      source: PAYLINK_EVENT_SOURCE,
      'detail-type': PAYMENT_UPDATED,
      detail: {
        merchantId: payment.merchantId,
        paymentId,
        status: 'succeeded',
        totalCents: payment.totalCents,
        currency: payment.currency,
        change: 'status',
      },
      resources: [],
    });
    expect((await env.api(`/api/checkout/${sessionId}`)).status).toBe(200);
    await env.runtime.scheduler.runNow('reverify-pending-payments');
    await env.settle();
    expect(await receiptsTo(payer)).toHaveLength(1);
  });

  it("still sends it again when the payer asks on the success page, within the payment's few asks", async () => {
    const asked = await env.api(`/api/checkout/${sessionId}/receipt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(asked.status).toBe(202);
    await waitForEmail(env.runtime.mailbox.url, payer, { subject: /receipt/i, count: 2 });
    expect(await receiptsTo(payer)).toHaveLength(2);
  });
});

describe('a business name that tries to add header fields', () => {
  it('is only a display name: no line breaks, no other recipient, an unusable reply-to left out', async () => {
    const merchant = await env.connectedMerchant({
      companyName: 'Evil "Cafe"\r\nBcc: harvest@example.com\r\n<x>',
      email: `bad\r\nbcc:someone@example.com`,
      phone: '09 123 4567',
      countryCode: '+64',
    });
    const payer = newPayer('injected');
    await env.paidPayment(merchant, undefined, { payer: { email: payer } });
    const receipt = await waitForEmail(env.runtime.mailbox.url, payer, { subject: /receipt/i });
    expect(receipt.from).not.toMatch(/[\r\n]/);
    expect(displayNameOf(receipt.from)).toBe('Evil Cafe Bcc: harvest@example.com x');
    expect(receipt.destination.to).toEqual([payer]);
    expect(receipt.destination.bcc ?? []).toEqual([]);
    expect(receipt.replyTo ?? []).toEqual([]);
    expect(await emailsTo(env.runtime.mailbox.url, 'harvest@example.com')).toHaveLength(0);
  });
});

describe('a café that turned customer receipts off (Settings → Email notifications)', () => {
  it('sends no unasked receipt, keeps its own payment email, and the payer can still ask', async () => {
    const merchant = await env.connectedMerchant({ companyName: 'Quiet Café' });
    const saved = await env.api('/api/me', {
      method: 'PATCH',
      token: merchant.accessToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payerReceiptEmail: false }),
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ payerReceiptEmail: false, paymentReceivedEmail: true });

    const payer = newPayer('quiet');
    const paid = await env.paidPayment(merchant, undefined, { payer: { email: payer } });
    // The consumer ran: the merchant's own email came (it comes first, in the same delivery).
    await waitForEmail(env.runtime.mailbox.url, merchant.email, { subject: /^Payment received/ });
    await env.settle();
    expect(await receiptsTo(payer)).toEqual([]);
    expect((await paymentRow(env, paid.paymentId)).payerReceiptSentAt).toBeUndefined();

    const asked = await env.api(`/api/checkout/${sessionIdOf(paid.paid)}/receipt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(asked.status).toBe(202);
    await waitForEmail(env.runtime.mailbox.url, payer, { subject: /receipt/i });
  });
});

describe('a café that gives its customers a contact of its own (Settings → Contact for your customers)', () => {
  it("answers the payer's reply at that email and shows that phone, not the owner's sign-in and sign-up ones", async () => {
    const merchant = await env.connectedMerchant({
      companyName: 'Kōwhai Café',
      countryCode: '+64',
      phone: '021 555 0199',
    });
    const patch = (body: unknown) =>
      env.api('/api/me', {
        method: 'PATCH',
        token: merchant.accessToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const saved = await patch({ contactEmail: ' Hello@KowhaiCafe.co.nz ', contactPhone: '04 801 1234' });
    expect(saved.status).toBe(200);
    expect(merchantProfileSchema.parse(await saved.json())).toMatchObject({
      contactEmail: 'hello@kowhaicafe.co.nz',
      contactPhone: '04 801 1234',
    });

    // A wrong address is refused in words on its field, and the saved contact stands.
    const refused = await patch({ contactEmail: 'hello at kowhaicafe', contactPhone: '04 801 1234' });
    expect(refused.status).toBe(400);
    expect(apiErrorSchema.parse(await refused.json()).fields?.contactEmail).toBe(
      'Enter an email address your customers can reply to',
    );

    const payer = newPayer('contact');
    await env.paidPayment(merchant, undefined, { payer: { email: payer } });
    const receipt = await waitForEmail(env.runtime.mailbox.url, payer, { subject: /receipt/i });
    expect(receipt.replyTo).toEqual(['hello@kowhaicafe.co.nz']);
    expect(receipt.body.text).toContain('Questions? Contact Kōwhai Café: 04 801 1234 · hello@kowhaicafe.co.nz.');
    expect(receipt.body.text).not.toContain('021 555 0199');
    expect(receipt.body.text).not.toContain(merchant.email);

    // Emptied, the account's own come back.
    expect((await patch({ contactEmail: '', contactPhone: '' })).status).toBe(200);
    const again = newPayer('contact-cleared');
    await env.paidPayment(merchant, undefined, { payer: { email: again } });
    const cleared = await waitForEmail(env.runtime.mailbox.url, again, { subject: /receipt/i });
    expect(cleared.replyTo).toEqual([merchant.email]);
    expect(cleared.body.text).toContain(`Contact Kōwhai Café: 021 555 0199 · ${merchant.email}.`);
  });
});
