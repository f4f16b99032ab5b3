/**
 * The merchant's 'Payment received' email (docs/decisions.md #93): one per succeeded payment with what the
 * payer told them, escaped; still one when the bus delivers the update again; none when the merchant turned
 * it off; never about another merchant's payment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SES_FAULTS_PATH, SES_SANDBOX_PATH } from '@infra/local/mailbox';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { merchantProfileSchema } from '@shared/contracts/merchant';
import type { CreatePaymentLinkInput, PaymentLink } from '@shared/contracts/payment-links';
import { PAYLINK_EVENT_SOURCE, PAYMENT_UPDATED, type PaymentUpdatedDetail } from '@shared/contracts/realtime';
import { emailsTo, linkIn, waitForEmail } from '../support/mailbox';
import { paymentRow } from '../support/stored-rows';
import { payOnHostedCheckout } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;

const CAKE_LINK: CreatePaymentLinkInput = {
  title: 'Birthday <cake>',
  isOpenAmount: false,
  amountCents: 4500,
  tipPercent: 10,
  reference: 'INV-0042',
  customFields: [
    { type: 'text', label: 'Name on the cake', required: true },
    { type: 'dropdown', label: 'Size', required: true, options: ['Small', 'Large'] },
  ],
  collectPhone: true,
};

/** What the payer types: HTML, which the email must show as text. */
const CAKE_NAME = '<b>Aroha</b> & "Mere"';
const PAYER_NAME = '<i>Rawiri</i> Payer';

beforeAll(async () => {
  env = await bootLocalRuntime({ publicRateLimit: false });
});
afterAll(async () => {
  await env?.stop();
});

async function connectedMerchant(companyName: string) {
  const merchant = await env.connectedMerchant({ companyName });
  return merchant;
}

/** A payer pays the link (with a 10% tip) answering its questions; returns the payment's id once settled. */
async function pay(link: PaymentLink, payerEmail: string): Promise<string> {
  const started = await env.api('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId: link.linkId, tip: 'percent' }),
  });
  expect(started.ok).toBe(true);
  const checkout = checkoutResponseSchema.parse(await started.json());
  const paid = await payOnHostedCheckout(checkout.url, {
    email: payerEmail,
    name: PAYER_NAME,
    answers: { custom_field_field1: CAKE_NAME, custom_field_field2: 'option2', phone: '021 123 4567' },
  });
  expect(paid.status).toBe(303);
  await env.settle();
  expect((await paymentRow(env, checkout.paymentId)).status).toBe('succeeded');
  return checkout.paymentId;
}

async function paymentEmailsTo(merchant: TestMerchant) {
  return (await emailsTo(env.runtime.mailbox.url, merchant.email)).filter((email) =>
    email.subject.startsWith('Payment received'),
  );
}

/** The bus delivering a payment's 'succeeded' update again, as EventBridge may; waits for its consumers. */
async function redeliver(detail: PaymentUpdatedDetail) {
  const eventId = env.runtime.bus.put('paylink', {
    source: PAYLINK_EVENT_SOURCE,
    'detail-type': PAYMENT_UPDATED,
    detail,
    resources: [],
  });
  await env.runtime.bus.settled();
  const delivery = env.runtime.bus.deliveries.find(
    (candidate) => candidate.eventId === eventId && candidate.functionName === 'notify-merchant',
  );
  expect(delivery).toMatchObject({ ok: true });
}

async function updateOf(paymentId: string): Promise<PaymentUpdatedDetail> {
  const payment = await paymentRow(env, paymentId);
  return {
    merchantId: payment.merchantId,
    paymentId,
    status: 'succeeded',
    totalCents: payment.totalCents,
    currency: payment.currency,
    change: 'status',
  };
}

async function setPaymentEmails(merchant: TestMerchant, on: boolean) {
  const saved = await env.api('/api/me', {
    method: 'PATCH',
    token: merchant.accessToken,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ paymentReceivedEmail: on }),
  });
  expect(saved.status).toBe(200);
}

describe('a payment with answers', () => {
  let merchant: TestMerchant;
  let paymentId: string;
  const payerEmail = `cake-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;

  beforeAll(async () => {
    merchant = await connectedMerchant('Cake Stall');
    paymentId = await pay(await env.createLink(merchant, CAKE_LINK), payerEmail);
  });

  it('emails the merchant once, with the amount, tip, payer, reference and answers', async () => {
    const email = await waitForEmail(env.runtime.mailbox.url, merchant.email, { subject: /^Payment received/ });
    expect(await paymentEmailsTo(merchant)).toHaveLength(1);
    expect(email.subject).toBe('Payment received: $49.50 total for Birthday <cake>');
    const text = email.body.text!;
    for (const line of [
      'You received $49.50 total (incl. $4.50 tip) for Birthday <cake>.',
      'Birthday <cake>: $45.00',
      'Tip: $4.50',
      'Total: $49.50',
      `Customer: ${PAYER_NAME}`,
      `Customer email: ${payerEmail}`,
      `Transaction ID: ${paymentId}`,
      'Reference: INV-0042',
      `Name on the cake: ${CAKE_NAME}`,
      'Size: Large',
      'Phone: 021 123 4567',
    ]) {
      expect(text).toContain(line);
    }
    // The payer's text is shown, never run, in the HTML.
    const html = email.body.html!;
    expect(html).toContain('&lt;b&gt;Aroha&lt;/b&gt; &amp;');
    expect(html).toContain('&lt;i&gt;Rawiri&lt;/i&gt; Payer');
    expect(html).not.toContain('<b>Aroha</b>');
    expect(html).not.toContain('<i>Rawiri</i>');
    // Its button opens the payment in Transactions.
    const button = linkIn(email, '/dashboard/transactions');
    expect(button.searchParams.get('transactionId')).toBe(paymentId);
    expect((await paymentRow(env, paymentId)).merchantNotifiedAt).toEqual(expect.any(String));
  });

  it('a redelivered update sends no second email', async () => {
    await redeliver(await updateOf(paymentId));
    await redeliver(await updateOf(paymentId));
    expect(await paymentEmailsTo(merchant)).toHaveLength(1);
  });
});

describe('the setting', () => {
  it('is on for a merchant who never saved it, and off once they turn it off: then no email', async () => {
    const merchant = await connectedMerchant('Quiet Stall');
    const me = merchantProfileSchema.parse(await (await env.api('/api/me', { token: merchant.accessToken })).json());
    expect(me.paymentReceivedEmail).toBe(true);

    await setPaymentEmails(merchant, false);
    const off = merchantProfileSchema.parse(await (await env.api('/api/me', { token: merchant.accessToken })).json());
    expect(off.paymentReceivedEmail).toBe(false);

    const paymentId = await pay(await env.createLink(merchant, CAKE_LINK), 'quiet.payer@example.co.nz');
    const delivered = env.runtime.bus.deliveries.filter((d) => d.functionName === 'notify-merchant');
    expect(delivered.length).toBeGreaterThan(0);
    expect(await paymentEmailsTo(merchant)).toHaveLength(0);
    expect((await paymentRow(env, paymentId)).merchantNotifiedAt).toBeUndefined();

    // Turned on again, the next payment is mailed.
    await setPaymentEmails(merchant, true);
    await pay(await env.createLink(merchant, CAKE_LINK), 'quiet.payer@example.co.nz');
    expect(await paymentEmailsTo(merchant)).toHaveLength(1);
  });

  it('refuses a value that is not true or false, in words, and changes nothing', async () => {
    const merchant = await env.createMerchant();
    const saved = await env.api('/api/me', {
      method: 'PATCH',
      token: merchant.accessToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paymentReceivedEmail: 'no' }),
    });
    expect(saved.status).toBe(400);
    expect(await saved.text()).toContain('Choose whether to get an email for each payment');
    const me = merchantProfileSchema.parse(await (await env.api('/api/me', { token: merchant.accessToken })).json());
    expect(me.paymentReceivedEmail).toBe(true);
  });
});

describe("another merchant's payment", () => {
  it('is never mailed to this merchant, even when an update names this merchant with its id', async () => {
    const mine = await connectedMerchant('First Stall');
    const theirs = await connectedMerchant('Second Stall');
    // Theirs asked for no email, so nobody has claimed their payment's email when the update names me.
    await setPaymentEmails(theirs, false);
    const theirPayment = await pay(await env.createLink(theirs, CAKE_LINK), 'their.payer@example.co.nz');

    await redeliver({ ...(await updateOf(theirPayment)), merchantId: mine.sub });
    expect(await paymentEmailsTo(mine)).toHaveLength(0);
    expect(await paymentEmailsTo(theirs)).toHaveLength(0);
    expect((await paymentRow(env, theirPayment)).merchantNotifiedAt).toBeUndefined();
  });
});

describe('a mail service that refuses (SES unverified or in its sandbox)', () => {
  afterAll(async () => {
    await fetch(`${env.runtime.mailbox.url}${SES_SANDBOX_PATH}`, { method: 'DELETE' });
  });

  it('sends nothing, fails no consumer and is not retried: every retry would be refused alike', async () => {
    const merchant = await connectedMerchant('Sandboxed Stall');
    const link = await env.createLink(merchant, CAKE_LINK);
    const sandbox = await fetch(`${env.runtime.mailbox.url}${SES_SANDBOX_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ verified: [] }),
    });
    expect(sandbox.status).toBe(200);
    const before = env.runtime.bus.deliveries.length;
    const paymentId = await pay(link, 'sandboxed.payer@example.co.nz');

    expect(await paymentEmailsTo(merchant)).toHaveLength(0);
    const notified = env.runtime.bus.deliveries
      .slice(before)
      .filter((delivery) => delivery.functionName === 'notify-merchant');
    expect(notified).toEqual([expect.objectContaining({ ok: true, attempts: 1 })]);
    // The claim stands: a redelivery later does not try again.
    expect((await paymentRow(env, paymentId)).merchantNotifiedAt).toEqual(expect.any(String));
  });
});

describe('a send whose answer was lost after SES took it (docs/decisions.md #117)', () => {
  afterAll(async () => {
    await fetch(`${env.runtime.mailbox.url}${SES_FAULTS_PATH}`, { method: 'DELETE' });
  });

  it('is one email: neither the SDK nor the bus sends it again', async () => {
    const merchant = await connectedMerchant('Lost Answer Stall');
    const link = await env.createLink(merchant, CAKE_LINK);
    const fault = await fetch(`${env.runtime.mailbox.url}${SES_FAULTS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answerLost: [merchant.email] }),
    });
    expect(fault.status).toBe(200);
    const before = env.runtime.bus.deliveries.length;
    const paymentId = await pay(link, 'lost.answer.payer@example.co.nz');

    expect(await paymentEmailsTo(merchant)).toHaveLength(1);
    const notified = env.runtime.bus.deliveries
      .slice(before)
      .filter((delivery) => delivery.functionName === 'notify-merchant');
    expect(notified).toEqual([expect.objectContaining({ ok: true, attempts: 1 })]);
    expect((await paymentRow(env, paymentId)).merchantNotifiedAt).toEqual(expect.any(String));
  });
});
