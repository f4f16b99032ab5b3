/**
 * A link's questions and the payer's phone (docs/decisions.md #76): refused in words when badly defined;
 * asked on the sandbox's Checkout, which refuses to charge until the required ones are answered; and the
 * answers, taken from the session when the payment settles, reach the detail API, the CSV, the merchant's
 * push and the payer's receipt (email and page) — escaped wherever they are drawn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiErrorSchema } from '@shared/contracts/errors';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import type { CreatePaymentLinkInput, PaymentLink } from '@shared/contracts/payment-links';
import { paymentDetailSchema, paymentListSchema } from '@shared/contracts/payments';
import { realtimeMessageSchema, type RealtimeMessage } from '@shared/contracts/realtime';
import { TRANSACTIONS_CSV_HEADER, transactionsCsv } from '@shared/transactions-csv';
import { parseCsv } from '../support/csv';
import { waitForEmail } from '../support/mailbox';
import { paymentRow } from '../support/stored-rows';
import { PAYING_CARD, submitHostedForm } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
let merchant: TestMerchant;

const CAKE_LINK: CreatePaymentLinkInput = {
  title: 'Birthday cake',
  isOpenAmount: false,
  amountCents: 4500,
  tipPercent: null,
  customFields: [
    { type: 'text', label: 'Name on the cake', required: true },
    { type: 'numeric', label: 'Candles', required: false },
    { type: 'dropdown', label: 'Size', required: true, options: ['Small', 'Medium', 'Large'] },
  ],
  collectPhone: true,
};

/** What the payer types: HTML and a spreadsheet formula, which every place must show as text. */
const CAKE_NAME = '<b>Aroha</b> & "Mere"';
const FORMULA_NAME = '=HYPERLINK("http://evil","x")';

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant({ companyName: 'Cake Stall' });
});
afterAll(async () => {
  await env?.stop();
});

async function createLink(body: unknown) {
  return env.api('/api/me/links', {
    method: 'POST',
    token: merchant.accessToken,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function linkCount() {
  const response = await env.api('/api/me/links', { token: merchant.accessToken });
  return ((await response.json()) as { links: unknown[] }).links.length;
}

describe('a badly defined question is refused in words, and nothing is created', () => {
  const text = (label: string) => ({ type: 'text', label, required: true });
  it.each([
    ['four questions', [text('One'), text('Two'), text('Three'), text('Four')], 'customFields', 'at most 3 questions'],
    [
      'a list of 21 choices',
      [{ type: 'dropdown', label: 'Size', options: Array.from({ length: 21 }, (_, index) => `Choice ${index}`) }],
      'customFields.0.options',
      'at most 20 choices',
    ],
    ['an empty label', [text('   ')], 'customFields.0.label', 'Enter the question'],
    ['a label over 50 characters', [text('x'.repeat(51))], 'customFields.0.label', 'at most 50 characters'],
    ['two questions of one label', [text('Size'), text('size')], 'customFields.1.label', 'a label of its own'],
    [
      'a list without choices',
      [{ type: 'dropdown', label: 'Size', options: [] }],
      'customFields.0.options',
      'at least one',
    ],
    [
      'a choice over 100 characters',
      [{ type: 'dropdown', label: 'Size', options: ['y'.repeat(101)] }],
      'customFields.0.options.0',
      'at most 100 characters',
    ],
    [
      'the same choice twice',
      [{ type: 'dropdown', label: 'Size', options: ['Large', 'large'] }],
      'customFields.0.options.1',
      'must be different',
    ],
    ['an unknown kind', [{ type: 'date', label: 'When' }], 'customFields.0.type', 'short text, a number'],
    ['a hidden character', [text('Size\u202E')], 'customFields.0.label', 'hidden formatting'],
  ])('%s', async (_name, customFields, field, words) => {
    const before = await linkCount();
    const response = await createLink({ ...CAKE_LINK, customFields });
    expect(response.status).toBe(400);
    const error = apiErrorSchema.parse(await response.json());
    expect(error.fields?.[field]).toContain(words);
    expect(await linkCount()).toBe(before);
  });

  it('a phone setting that is not yes or no', async () => {
    const response = await createLink({ ...CAKE_LINK, collectPhone: 'yes' });
    expect(response.status).toBe(400);
    expect(apiErrorSchema.parse(await response.json()).fields?.collectPhone).toContain('phone number');
  });
});

describe('answers from a sandbox payment', () => {
  let link: PaymentLink;
  let paymentId: string;
  let sessionId: string;
  let checkoutUrl: string;
  let pushed: Promise<PaymentPush>;
  let socket: WebSocket;
  const payerEmail = `cake-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;

  beforeAll(async () => {
    link = await env.createLink(merchant, CAKE_LINK);
    ({ socket, pushed } = await openDashboardSocket(merchant));
    const started = await env.api('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ linkId: link.linkId, tip: 'none' }),
    });
    const checkout = checkoutResponseSchema.parse(await started.json());
    paymentId = checkout.paymentId;
    checkoutUrl = checkout.url;
  });
  afterAll(() => socket?.close());

  it('the link keeps the questions with keys of its own and the phone setting', () => {
    expect(link.customFields).toEqual([
      { key: 'field1', type: 'text', label: 'Name on the cake', required: true, options: [] },
      { key: 'field2', type: 'numeric', label: 'Candles', required: false, options: [] },
      {
        key: 'field3',
        type: 'dropdown',
        label: 'Size',
        required: true,
        options: [
          { value: 'option1', label: 'Small' },
          { value: 'option2', label: 'Medium' },
          { value: 'option3', label: 'Large' },
        ],
      },
    ]);
    expect(link.collectPhone).toBe(true);
  });

  it('Checkout asks them, and charges nothing until the required ones and the phone are answered', async () => {
    const html = await (await fetch(checkoutUrl)).text();
    expect(html).toContain('<label for="custom_field_field1">Name on the cake</label>');
    expect(html).toContain('<label for="custom_field_field2">Candles (optional)</label>');
    expect(html).toContain('<option value="option3">Large</option>');
    expect(html).toContain('type="tel"');

    const card = { email: payerEmail, name: 'Aroha Ngata', card_number: PAYING_CARD };
    const missing = await submitHostedForm(checkoutUrl, {
      ...card,
      custom_field_field3: 'option3',
      phone: '021 123 4567',
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('Complete the field “Name on the cake”.');
    const noPhone = await submitHostedForm(checkoutUrl, {
      ...card,
      custom_field_field1: CAKE_NAME,
      custom_field_field3: 'option3',
    });
    expect(noPhone.status).toBe(400);
    expect(await noPhone.text()).toContain('Enter your phone number.');
    const stored = await paymentRow(env, paymentId);
    const session = await env.stripe.checkout.sessions.retrieve(
      stored.checkoutSessionId!,
      {},
      { stripeAccount: stored.stripeAccountId },
    );
    expect(session.status).toBe('open');

    const paid = await submitHostedForm(checkoutUrl, {
      ...card,
      custom_field_field1: CAKE_NAME,
      custom_field_field2: '',
      custom_field_field3: 'option3',
      phone: '021 123 4567',
    });
    expect(paid.status).toBe(303);
    sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
    await env.settle();
  });

  it("the session carries the answers as Stripe's does", async () => {
    const { stripeAccountId } = await paymentRow(env, paymentId);
    const session = await env.stripe.checkout.sessions.retrieve(sessionId, {}, { stripeAccount: stripeAccountId });
    expect(session.customer_details?.phone).toBe('+64211234567');
    const byKey = Object.fromEntries(session.custom_fields.map((field) => [field.key, field]));
    expect(byKey.field1?.text?.value).toBe(CAKE_NAME);
    expect(byKey.field2?.numeric?.value).toBeNull();
    expect(byKey.field3?.dropdown?.value).toBe('option3');
  });

  it('the detail API shows the answers by label (a blank optional one left out) and the phone', async () => {
    const response = await env.api(`/api/me/payments/${paymentId}`, { token: merchant.accessToken });
    const detail = paymentDetailSchema.parse(await response.json());
    expect(detail.status).toBe('succeeded');
    expect(detail.customFields).toEqual([
      { key: 'field1', label: 'Name on the cake', value: CAKE_NAME },
      { key: 'field3', label: 'Size', value: 'Large' },
    ]);
    expect(detail.payerPhone).toBe('+64211234567');
  });

  it("the merchant's 'Payment received' push carries them", async () => {
    const message = await pushed;
    expect(message.payment).toMatchObject({
      paymentId,
      status: 'succeeded',
      customFields: [
        { label: 'Name on the cake', value: CAKE_NAME },
        { label: 'Size', value: 'Large' },
      ],
      payerPhone: '+64211234567',
    });
  });

  it("the CSV has a column per label across links, the payer's text made inert", async () => {
    // A second link asking something else: its label joins the columns, its payer's formula is neutralised.
    const other = await env.createLink(merchant, {
      ...CAKE_LINK,
      title: 'Cupcakes',
      customFields: [{ type: 'text', label: 'Message', required: true }],
      collectPhone: false,
    });
    await payWith(other, { custom_field_field1: FORMULA_NAME });
    const response = await env.api('/api/me/payments?limit=100', { token: merchant.accessToken });
    const { payments } = paymentListSchema.parse(await response.json());
    const rows = parseCsv(transactionsCsv(payments, { timeZone: 'Pacific/Auckland' }));
    const fixed = TRANSACTIONS_CSV_HEADER.length;
    expect(rows[0]!.slice(fixed)).toEqual(['Message', 'Name on the cake', 'Size']);
    const cake = rows.find((row) => row[1] === paymentId)!;
    expect(cake.slice(fixed)).toEqual(['', CAKE_NAME, 'Large']);
    expect(cake[TRANSACTIONS_CSV_HEADER.indexOf('Customer Phone')]).toBe('021 123 4567');
    const cupcakes = rows.find((row) => row[3] === 'Cupcakes')!;
    expect(cupcakes.slice(fixed)).toEqual([`'${FORMULA_NAME}`, '', '']);
  });

  it("the payer's receipt email and page show them, escaped", async () => {
    const sent = await env.api(`/api/checkout/${sessionId}/receipt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(sent.status).toBe(202);
    const receipt = await waitForEmail(env.runtime.mailbox.url, payerEmail, { subject: /Your receipt/ });
    expect(receipt.body.text).toContain(`Name on the cake: ${CAKE_NAME}`);
    expect(receipt.body.text).toContain('Size: Large');
    expect(receipt.body.text).toContain('Phone: 021 123 4567');
    expect(receipt.body.html).toContain('&lt;b&gt;Aroha&lt;/b&gt; &amp; &quot;Mere&quot;');
    expect(receipt.body.html).not.toContain('<b>Aroha</b>');

    const detail = paymentDetailSchema.parse(
      await (await env.api(`/api/me/payments/${paymentId}`, { token: merchant.accessToken })).json(),
    );
    const page = await (await env.api(detail.receiptPath!)).text();
    expect(page).toContain('<dt>Name on the cake</dt><dd>&lt;b&gt;Aroha&lt;/b&gt; &amp; &quot;Mere&quot;</dd>');
    expect(page).toContain('<dt>Size</dt><dd>Large</dd>');
    expect(page).toContain('<dt>Phone</dt><dd>021 123 4567</dd>');
    expect(page).not.toContain('<b>Aroha</b>');
  });
});

/** Pays `link` on the sandbox's Checkout with these answers, and waits for it to settle. */
async function payWith(link: PaymentLink, answers: Record<string, string>) {
  const started = await env.api('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId: link.linkId, tip: 'none' }),
  });
  const { url } = checkoutResponseSchema.parse(await started.json());
  const paid = await submitHostedForm(url, {
    email: 'cupcakes@example.co.nz',
    name: 'Rawiri Payer',
    card_number: PAYING_CARD,
    ...answers,
  });
  expect(paid.status).toBe(303);
  await env.settle();
}

type PaymentPush = Extract<RealtimeMessage, { type: 'payment.updated' }>;

/** The dashboard's socket, and the first 'Payment received' push it gets (a succeeded payment). */
async function openDashboardSocket(owner: TestMerchant) {
  const url = new URL(env.runtime.gateway.realtimeUrl);
  url.searchParams.set('token', owner.accessToken);
  const socket = new WebSocket(url);
  const pushed = new Promise<PaymentPush>((resolve) => {
    socket.on('message', (data) => {
      const message = realtimeMessageSchema.parse(JSON.parse(data.toString()));
      if (message.type === 'payment.updated' && message.payment.status === 'succeeded') resolve(message);
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, pushed };
}
