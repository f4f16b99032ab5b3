/**
 * Issue 48 doors 6, 8 and 9, against the local runtime: merchant input that reached a 5xx is a clear 400;
 * a redirect is kept as a browser reads it and only to a public https host; invisible characters are taken
 * out of text where it enters (a form, or Stripe's Checkout), so receipts, emails and the CSV never carry them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@shared/contracts/errors';
import { paymentLinkSchema } from '@shared/contracts/payment-links';
import { REDIRECT_HIDDEN_MESSAGE, REDIRECT_USER_PART_MESSAGE } from '@shared/redirect-url';
import { paymentDetailSchema } from '@shared/contracts/payments';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
let merchant: TestMerchant;

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
}, 120_000);
afterAll(async () => {
  await env?.stop();
});

const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('door 6: merchant queries that reached a 5xx', () => {
  const queries = () => [
    '/api/me/payments?dateTo=9999-12-31',
    '/api/me/payments?dateFrom=0000-01-01',
    '/api/me/gst-summary?months=1&lastMonth=0000-01',
    '/api/me/gst-summary?months=1&lastMonth=9999-12',
    '/api/me/gst-summary?months=6&lastMonth=0001-06',
    `/api/me/payouts?cursor=${base64Json({ merchantId: merchant.sub })}`,
    `/api/me/payouts?cursor=${base64Json({ merchantId: merchant.sub, sk: 7, arrivalKey: { a: 1 } })}`,
    `/api/me/payouts?cursor=${base64Json({ merchantId: merchant.sub, sk: 'payout#x', arrivalKey: ['x'] })}`,
    `/api/me/payouts?cursor=${base64Json({ merchantId: 'someone-else', sk: 'payout#x', arrivalKey: 'x' })}`,
    '/api/me/payouts?cursor=not-json',
  ];

  it('each answers a 400 in words', async () => {
    for (const query of queries()) {
      const response = await env.api(query, { token: merchant.accessToken });
      const text = await response.text();
      expect(response.status, `${query} → ${text}`).toBe(400);
      expect(apiErrorSchema.parse(JSON.parse(text)).message, query).toMatch(/\w+ \w+/);
    }
  });
});

const linkWith = (input: Record<string, unknown>) =>
  env.api('/api/me/links', {
    method: 'POST',
    token: merchant.accessToken,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Door test', isOpenAmount: false, amountCents: 1200, ...input }),
  });

describe('door 8: a redirect as a browser reads it', () => {
  it.each([
    ['a backslash that browsers read as a slash', 'https://evil.com\\@good.co.nz/thanks'],
    ['a right-to-left override', 'https://good.co.nz/\u202Efdp.exe'],
    ['a control character', 'https://good.co.nz/th\u0000anks'],
    ['a loopback IP', 'https://127.0.0.1/thanks'],
    ['an IP written in hex', 'https://0x7f.1/thanks'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['an IPv6 literal', 'https://[::1]/thanks'],
    ['localhost with a trailing dot', 'https://localhost./thanks'],
    ['a trailing-dot host', 'https://good.co.nz./thanks'],
    ['a Cyrillic look-alike host', 'https://\u0440aypal.com/thanks'],
    ['a look-alike typed as punycode', 'https://xn--aypal-uye.com/thanks'],
  ])('refuses %s', async (_, redirectUrl) => {
    const response = await linkWith({ redirectUrl });
    expect(response.status, redirectUrl).toBe(400);
    const error = apiErrorSchema.parse(await response.json());
    expect(error.fields?.redirectUrl).toBeDefined();
  });

  // A merchant who pasted an address with a no-break space, or typed one with a sign-in part, is told what to
  // remove, not to "enter a web address that starts with https://", which it already does.
  it.each([
    ['https://evil.com\\@good.co.nz/thanks', REDIRECT_HIDDEN_MESSAGE],
    ['https://kowhai.co.nz/our\u00A0thanks', REDIRECT_HIDDEN_MESSAGE],
    ['https://kowhai.co.nz/\u200Bthanks', REDIRECT_HIDDEN_MESSAGE],
    ['https://good.co.nz@evil.com/thanks', REDIRECT_USER_PART_MESSAGE],
    ['https://user:secret@kowhai.co.nz/thanks', REDIRECT_USER_PART_MESSAGE],
  ])('says what to remove from %j', async (redirectUrl, message) => {
    const response = await linkWith({ redirectUrl });
    expect(response.status).toBe(400);
    expect(apiErrorSchema.parse(await response.json()).fields?.redirectUrl).toBe(message);
  });

  it('keeps the normalised address a browser would open, macron hosts included', async () => {
    const response = await linkWith({ redirectUrl: 'HTTPS://Kōwhai.co.nz/Thanks?x=1' });
    expect(response.status).toBe(201);
    const link = paymentLinkSchema.parse(await response.json());
    expect(link.redirectUrl).toBe('https://xn--kwhai-g9a.co.nz/Thanks?x=1');
    // Saved back unchanged (the edit form sends what it read), it is still accepted.
    const again = await linkWith({ redirectUrl: link.redirectUrl });
    expect(again.status).toBe(201);
  });
});

describe('door 9: invisible characters', () => {
  const hidden = '\u200B\u200C\u200D\u2060\uFEFF\u00AD\u{E0041}\u{E007F}';

  it('are taken out of what a merchant types', async () => {
    const response = await linkWith({ title: `Flat${hidden} white`, description: `Oat${hidden} milk` });
    expect(response.status).toBe(201);
    const link = paymentLinkSchema.parse(await response.json());
    expect(link.title).toBe('Flat white');
    expect(link.description).toBe('Oat milk');
  });

  it("are taken out of the payer's name and answers from Checkout", async () => {
    const link = await env.createLink(merchant, {
      title: 'Invisible',
      isOpenAmount: false,
      amountCents: 900,
      customFields: [{ type: 'text', label: 'Delivery address', required: true }],
    });
    const { paymentId } = await env.payLink(link.linkId, {
      tip: 'none',
      payer: {
        name: `Ana${hidden} Smith`,
        email: 'invisible-payer@example.co.nz',
        answers: { custom_field_field1: `1${hidden} Queen St` },
      },
    });
    const response = await env.api(`/api/me/payments/${paymentId}`, { token: merchant.accessToken });
    const detail = paymentDetailSchema.parse(await response.json());
    expect(detail.payerName).toBe('Ana Smith');
    expect(detail.customFields.map((answer) => answer.value)).toEqual(['1 Queen St']);
  });
});
