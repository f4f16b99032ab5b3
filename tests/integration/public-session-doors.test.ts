/**
 * The Checkout session id is in the success page's URL, so whoever holds it (a shared screenshot, a
 * forwarded link, a browser history) may call the two public routes keyed by it. They answer only what the
 * payer's own success page needs, and the receipt goes only to the address the payer gave Stripe
 * (docs/decisions.md #69).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutResponseSchema, paymentResultSchema } from '@shared/contracts/checkout';
import { RECEIPT_LIMIT_MERCHANT_MESSAGE } from '@functions/domain/receipt-sending';
import { emailsTo, waitForEmail } from '../support/mailbox';
import { payOnHostedCheckout } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
let sessionId: string;
let merchant: TestMerchant;
const payerEmail = 'rawiri.payer@example.co.nz';

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
  const link = await env.createLink(merchant);
  const started = await env.api('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId: link.linkId, tip: 'none' }),
  });
  const checkout = checkoutResponseSchema.parse(await started.json());
  const paid = await payOnHostedCheckout(checkout.url, { email: payerEmail, name: 'Rawiri Payer' });
  await env.settle();
  sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
});
afterAll(async () => {
  await env?.stop();
});

function askForReceipt(body: unknown) {
  return env.api(`/api/checkout/${sessionId}/receipt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('GET /api/checkout/{sessionId}', () => {
  it("answers the success page's needs without the payer's email or full name", async () => {
    const response = await env.api(`/api/checkout/${sessionId}`);
    expect(response.status).toBe(200);
    const raw = await response.text();
    expect(raw).not.toContain(payerEmail);
    expect(raw).not.toContain('rawiri.payer');
    expect(raw).not.toContain('Payer');
    const result = paymentResultSchema.parse(JSON.parse(raw));
    expect(result).toMatchObject({ verified: true, status: 'succeeded', customer_name: 'Rawiri P.' });
    // Enough for the payer to recognise their own address, not enough to read it.
    expect(result.customer_email).toBe('r•••@example.co.nz');
  });
});

describe('POST /api/checkout/{sessionId}/receipt', () => {
  it('sends nothing to an address that is not the one the payer gave at checkout', async () => {
    const stranger = 'someone.else@example.com';
    const response = await askForReceipt({ email: stranger });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toMatch(/email address you paid with/);
    expect(await emailsTo(env.runtime.mailbox.url, stranger)).toHaveLength(0);
  });

  it("sends the receipt to the payer's own address, and says where without spelling it out", async () => {
    const response = await askForReceipt({});
    expect(response.status).toBe(202);
    const body = await response.json();
    expect(JSON.stringify(body)).not.toContain(payerEmail);
    expect(body).toEqual({ sent: true, email: 'r•••@example.co.nz' });
    const email = await waitForEmail(env.runtime.mailbox.url, payerEmail, { subject: /Your receipt/ });
    expect(email.body.text).toContain('Flat white');
  });

  it('counts every ask, refused ones included, so nobody can send more than a few', async () => {
    // One refused and one sent above; the same address typed differently is the payer's own.
    expect((await askForReceipt({ email: ' Rawiri.Payer@Example.co.nz ' })).status).toBe(202);
    const tooMany = await askForReceipt({});
    expect(tooMany.status).toBe(429);
    // The two asked, and the one sent unasked when the payment succeeded (docs/decisions.md #172).
    expect(await emailsTo(env.runtime.mailbox.url, payerEmail)).toHaveLength(3);
  });
});

describe("POST /api/me/payments/{id}/receipt, Transactions' Resend receipt (docs/decisions.md #89)", () => {
  it("goes only to the payer's checkout address, for the payment's own merchant, within the same few", async () => {
    const payer = 'mere.payer@example.co.nz';
    const link = await env.createLink(merchant);
    const started = await env.api('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ linkId: link.linkId, tip: 'none' }),
    });
    const paid = await payOnHostedCheckout(checkoutResponseSchema.parse(await started.json()).url, {
      email: payer,
      name: 'Mere Payer',
    });
    await env.settle();
    const session = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
    const { payment_id: paymentId } = paymentResultSchema.parse(
      await (await env.api(`/api/checkout/${session}`)).json(),
    );
    const resend = (token: string) => env.api(`/api/me/payments/${paymentId}/receipt`, { method: 'POST', token });

    // Another merchant cannot send (or learn of) this payment's receipt.
    const stranger = await env.createMerchant();
    expect((await resend(stranger.accessToken)).status).toBe(404);
    // Only the receipt sent unasked when the payment succeeded (docs/decisions.md #172).
    await waitForEmail(env.runtime.mailbox.url, payer, { subject: /Your receipt/ });
    expect(await emailsTo(env.runtime.mailbox.url, payer)).toHaveLength(1);

    const sent = await resend(merchant.accessToken);
    expect(sent.status).toBe(202);
    expect(await sent.json()).toEqual({ sent: true, email: 'm•••@example.co.nz' });
    await waitForEmail(env.runtime.mailbox.url, payer, { subject: /Your receipt/, count: 2 });

    // The payer's own asks and the merchant's share the payment's three.
    const payerAsk = () =>
      env.api(`/api/checkout/${session}/receipt`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await payerAsk()).status).toBe(202);
    expect((await payerAsk()).status).toBe(202);
    const tooMany = await resend(merchant.accessToken);
    expect(tooMany.status).toBe(429);
    // Worded for the merchant, with what they can do instead (not the payer's "check your inbox").
    expect(await tooMany.json()).toMatchObject({ code: 'too_many_receipts', message: RECEIPT_LIMIT_MERCHANT_MESSAGE });
    // The three asked (the unasked one is not among them) and the unasked one.
    expect(await emailsTo(env.runtime.mailbox.url, payer)).toHaveLength(4);
  });
});
