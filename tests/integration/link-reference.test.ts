/**
 * The merchant's reference (docs/decisions.md #55): kept on the link, copied onto each payment at checkout,
 * shown in the detail and the list rows the CSV is built from, in the payer's receipt, and found by
 * Transactions' Reference filter — only among the merchant's own payments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { paymentLinkSchema, type CreatePaymentLinkInput } from '@shared/contracts/payment-links';
import { paymentDetailSchema, paymentListSchema } from '@shared/contracts/payments';
import { HIDDEN_CHARACTERS_MESSAGE } from '@shared/plain-text';
import { waitForEmail } from '../support/mailbox';
import { payOnHostedCheckout } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
let merchant: TestMerchant;
let other: TestMerchant;

beforeAll(async () => {
  env = await bootLocalRuntime();
  merchant = await env.connectedMerchant();
  other = await env.connectedMerchant({ companyName: 'Other Plumbing' });
});
afterAll(async () => {
  await env?.stop();
});

function send(path: string, method: string, body: unknown, token?: string) {
  return env.api(path, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

const createLink = (owner: TestMerchant, input: Partial<CreatePaymentLinkInput>) =>
  send(
    '/api/me/links',
    'POST',
    { title: 'Plumbing call-out', isOpenAmount: false, amountCents: 12_000, ...input },
    owner.accessToken,
  );

async function paidPayment(owner: TestMerchant, reference: string | null) {
  const link = paymentLinkSchema.parse(await (await createLink(owner, { reference })).json());
  const response = await send('/api/checkout', 'POST', { linkId: link.linkId, tip: 'none' });
  const { url, paymentId } = checkoutResponseSchema.parse(await response.json());
  // Each payer an address of their own: a receipt goes only to the address given at Checkout (#69).
  const payerEmail = `ref-${paymentId.slice(-8).toLowerCase()}@example.co.nz`;
  const paid = await payOnHostedCheckout(url, { email: payerEmail });
  await env.settle();
  const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
  return { paymentId, sessionId, payerEmail };
}

async function listed(owner: TestMerchant, query: string) {
  const response = await env.api(`/api/me/payments?${query}`, { token: owner.accessToken });
  expect(response.status).toBe(200);
  return paymentListSchema.parse(await response.json()).payments;
}

describe("the merchant's reference", () => {
  it('is trimmed, and refused in words when too long or holding hidden characters', async () => {
    const link = paymentLinkSchema.parse(await (await createLink(merchant, { reference: '  INV-0001  ' })).json());
    expect(link.reference).toBe('INV-0001');
    const long = await createLink(merchant, { reference: 'R'.repeat(65) });
    expect(long.status).toBe(400);
    expect((await long.json()).fields.reference).toBe('Use at most 64 characters.');
    const hidden = await createLink(merchant, { reference: 'INV\u202E0042' });
    expect(hidden.status).toBe(400);
    expect((await hidden.json()).fields.reference).toBe(HIDDEN_CHARACTERS_MESSAGE);
  });

  it('is copied onto the payment: the detail, the list row, the receipt, and the Reference filter (merchant-scoped)', async () => {
    const { paymentId, sessionId, payerEmail } = await paidPayment(merchant, 'INV-0042');
    const { paymentId: unreferenced } = await paidPayment(merchant, null);
    const { paymentId: othersPayment } = await paidPayment(other, 'INV-0042');

    const detail = paymentDetailSchema.parse(
      await (await env.api(`/api/me/payments/${paymentId}`, { token: merchant.accessToken })).json(),
    );
    expect(detail.reference).toBe('INV-0042');

    const all = await listed(merchant, '');
    expect(all.find((row) => row.paymentId === paymentId)?.reference).toBe('INV-0042');
    expect(all.find((row) => row.paymentId === unreferenced)?.reference).toBeNull();

    // The whole reference, in any case; never another merchant's payment with the same one.
    expect((await listed(merchant, 'reference=%20inv-0042%20')).map((row) => row.paymentId)).toEqual([paymentId]);
    expect((await listed(other, 'reference=INV-0042')).map((row) => row.paymentId)).toEqual([othersPayment]);
    expect(await listed(merchant, 'reference=INV-004')).toEqual([]);

    const receiptTo = payerEmail;
    expect((await send(`/api/checkout/${sessionId}/receipt`, 'POST', { email: receiptTo })).status).toBe(202);
    const email = await waitForEmail(env.runtime.mailbox.url, receiptTo, { subject: /Your receipt/ });
    expect(email.body.text).toContain('Reference');
    expect(email.body.text).toContain('INV-0042');
  });
});
