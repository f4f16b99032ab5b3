/**
 * Receipts as taxable supply information (docs/decisions.md #64, #65): a per-merchant receipt number given
 * once at settlement, the receipt page /r/{token}, the receipt email's tier lines, and Checkout asking the
 * payer's name over $1,000 for a GST-registered merchant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutResponseSchema, type CheckoutRequest } from '@shared/contracts/checkout';
import { paymentLinkSchema, type CreatePaymentLinkInput } from '@shared/contracts/payment-links';
import { taxSettingsSchema } from '@shared/contracts/tax';
import { linkIn, waitForEmail } from '../support/mailbox';
import { paymentRow } from '../support/stored-rows';
import { payOnHostedCheckout, submitHostedForm } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

let env: TestRuntime;
beforeAll(async () => {
  env = await bootLocalRuntime();
});
afterAll(async () => {
  await env?.stop();
});

function send(path: string, method: string, body: unknown, token?: string) {
  return env.api(path, { method, token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function registeredMerchant(): Promise<TestMerchant> {
  const merchant = await env.connectedMerchant({ companyName: 'Kōwhai Cafe' });
  await env.registerForGst(merchant);
  return merchant;
}

/** Saves Settings → Tax as registeredMerchant left it, with the small-receipt GST setting on or off (#176). */
async function showSmallReceiptGst(merchant: TestMerchant, shown: boolean) {
  const current = taxSettingsSchema.parse(await (await env.api('/api/me/tax', { token: merchant.accessToken })).json());
  const saved = await send('/api/me/tax', 'PUT', { ...current, showSmallReceiptGst: shown }, merchant.accessToken);
  expect(saved.status).toBe(200);
}

async function linkFor(owner: TestMerchant, title: string, amountCents: number, tipPercent: number | null = null) {
  const input: CreatePaymentLinkInput = { title, isOpenAmount: false, amountCents, tipPercent };
  const response = await send('/api/me/links', 'POST', input, owner.accessToken);
  expect(response.status).toBe(201);
  return paymentLinkSchema.parse(await response.json());
}

async function checkout(request: CheckoutRequest) {
  const response = await send('/api/checkout', 'POST', request);
  expect(response.status, await response.clone().text()).toBe(200);
  return checkoutResponseSchema.parse(await response.json());
}

/** Pays a link on the sandbox's Checkout and answers the payment's stored row once settled. */
async function pay(
  linkId: string,
  payer = { email: 'aroha@example.co.nz', name: 'Aroha Payer' },
  tip: CheckoutRequest['tip'] = 'none',
) {
  const { url, paymentId, paid } = await env.payLink(linkId, { tip, payer });
  expect(paid.status).toBe(303);
  const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
  return { row: await paymentRow(env, paymentId), sessionId, url };
}

async function receiptPage(path: string) {
  const response = await fetch(`${env.baseUrl}${path}`);
  return { status: response.status, html: await response.text() };
}

describe('receipt numbers', () => {
  it('numbers each merchant’s payments 1, 2, 3… once, whoever settles them and however often', async () => {
    const merchant = await registeredMerchant();
    const link = await linkFor(merchant, 'Scone', 650);
    const first = await pay(link.linkId);
    const second = await pay(link.linkId);
    expect([first.row.receiptNumber, second.row.receiptNumber]).toEqual([1, 2]);
    expect(first.row.receiptToken).toMatch(/^rct_/);
    expect(first.row.receiptToken).not.toContain(first.sessionId);

    // The success page's check settles again: the number stays, and the page links the receipt.
    const result = await env.api(`/api/checkout/${first.sessionId}`);
    expect(result.status).toBe(200);
    expect((await result.json()).receipt_path).toBe(`/r/${first.row.receiptToken as string}`);
    expect((await paymentRow(env, first.row.paymentId)).receiptNumber).toBe(1);

    // The transaction detail links it too, by its number.
    const detail = await env.api(`/api/me/payments/${first.row.paymentId}`, { token: merchant.accessToken });
    expect(await detail.json()).toMatchObject({
      receiptNumber: 1,
      receiptPath: `/r/${first.row.receiptToken as string}?k=${first.row.receiptKey as string}`,
    });

    // Another merchant counts from 1.
    const other = await registeredMerchant();
    expect((await pay((await linkFor(other, 'Pie', 700)).linkId)).row.receiptNumber).toBe(1);
  });

  it('gives concurrent payments of one merchant distinct numbers with none skipped', async () => {
    const merchant = await registeredMerchant();
    const link = await linkFor(merchant, 'Muffin', 500);
    const rows = await Promise.all([1, 2, 3, 4].map(() => pay(link.linkId)));
    expect(rows.map(({ row }) => row.receiptNumber).sort()).toEqual([1, 2, 3, 4]);
  });
});

describe('the receipt page and email by tier', () => {
  it('$230 to a registered merchant: GST number and "The total includes GST $30.00", in the page and the email', async () => {
    const merchant = await registeredMerchant();
    // A receipt goes only to the address the payer gave Checkout (docs/decisions.md #69).
    const to = 'gst-platter@example.co.nz';
    const link = await linkFor(merchant, 'Catering platter', 23_000);
    const { row, sessionId } = await pay(link.linkId, { email: to, name: 'Aroha Payer' });
    const page = await receiptPage(`/r/${row.receiptToken as string}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Kōwhai Cafe Limited');
    expect(page.html).toContain('49-091-850');
    expect(page.html).toContain('The total includes GST $30.00');
    expect(page.html).toContain('Catering platter');
    expect(page.html).not.toContain(to); // the recipient only from over $1,000

    expect((await send(`/api/checkout/${sessionId}/receipt`, 'POST', { email: to })).status).toBe(202);
    const email = await waitForEmail(env.runtime.mailbox.url, to, { subject: /Your receipt/ });
    expect(email.body.text).toContain('The total includes GST $30.00');
    expect(email.body.text).toContain('GST number: 49-091-850');
    expect(email.body.text).toContain(`Receipt number: ${row.receiptNumber as number}`);
    expect(linkIn(email, '/r/').pathname).toBe(`/r/${row.receiptToken as string}`);
    expect(linkIn(email, '/r/').searchParams.get('k')).toBe(row.receiptKey);
  });

  it('$200.00 with "Show the GST on receipts of $200 or less" off: no GST number or GST line; not registered shows none at all', async () => {
    const merchant = await registeredMerchant();
    await showSmallReceiptGst(merchant, false);
    const basic = await pay((await linkFor(merchant, 'Lunch for ten', 20_000)).linkId);
    const page = await receiptPage(`/r/${basic.row.receiptToken as string}`);
    expect(page.html).toContain('Lunch for ten');
    expect(page.html).not.toContain('49-091-850');
    expect(page.html).not.toContain('includes GST');

    const unregistered = await env.connectedMerchant({ companyName: 'Not Registered Ltd' });
    const plain = await pay((await linkFor(unregistered, 'Big order', 50_000)).linkId);
    const plainPage = await receiptPage(`/r/${plain.row.receiptToken as string}`);
    expect(plainPage.html).toContain('Not Registered Ltd');
    expect(plainPage.html).not.toContain('GST');
  });

  it('$23 by default: "The total includes GST $3.00" and the GST number, in the page and the email, kept when turned off later', async () => {
    const merchant = await registeredMerchant();
    const to = 'gst-flat-white@example.co.nz';
    const { row, sessionId } = await pay((await linkFor(merchant, 'Coffee for the office', 2_300)).linkId, {
      email: to,
      name: 'Aroha Payer',
    });
    const path = `/r/${row.receiptToken as string}`;
    const page = await receiptPage(path);
    expect(page.html).toContain('The total includes GST $3.00');
    expect(page.html).toContain('49-091-850');

    expect((await send(`/api/checkout/${sessionId}/receipt`, 'POST', { email: to })).status).toBe(202);
    const email = await waitForEmail(env.runtime.mailbox.url, to, { subject: /Your receipt/ });
    expect(email.body.text).toContain('The total includes GST $3.00');
    expect(email.body.text).toContain('GST number: 49-091-850');

    // Turned off: the next small receipt states no GST, the one already issued keeps it (#97).
    await showSmallReceiptGst(merchant, false);
    const later = await pay((await linkFor(merchant, 'Two muffins', 2_300)).linkId);
    const laterPage = await receiptPage(`/r/${later.row.receiptToken as string}`);
    expect(laterPage.html).toContain('Two muffins');
    expect(laterPage.html).not.toContain('includes GST');
    expect(laterPage.html).not.toContain('49-091-850');
    expect((await receiptPage(path)).html).toContain('The total includes GST $3.00');
  });

  it('over $1,000: Checkout requires the payer’s name, and the receipt names them with their email', async () => {
    const merchant = await registeredMerchant();
    const link = await linkFor(merchant, 'Wedding cake', 100_001);
    const { url, paymentId } = await checkout({ linkId: link.linkId, tip: 'none' });
    const nameless = await submitHostedForm(url, {
      email: 'mere@example.co.nz',
      name: '',
      card_number: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(nameless.status).toBe(400);
    expect(await nameless.text()).toContain('Enter your full name.');

    const paid = await payOnHostedCheckout(url, { email: 'mere@example.co.nz', name: 'Mere Kingi' });
    expect(paid.status).toBe(303);
    await env.settle();
    const row = await paymentRow(env, paymentId);
    // The payer's own link (the receipt email's, with its key) names them in full: a tax invoice over $1,000.
    const page = await receiptPage(`/r/${row.receiptToken as string}?k=${row.receiptKey as string}`);
    expect(page.html).toContain('Mere Kingi');
    expect(page.html).toContain('mere@example.co.nz');
    expect(page.html).toContain('The total includes GST $130.44'); // 3/23 of $1,000.01 = 130.436… → 130.44
  });

  // Issue 48 door 2 (docs/decisions.md #132): the success page's URL is no proof of being the payer.
  it('holding only the success page’s address, the receipt masks the payer: name shortened, email masked, no answers', async () => {
    const merchant = await registeredMerchant();
    const link = await env.createLink(merchant, {
      title: 'Garden design',
      isOpenAmount: false,
      amountCents: 150_000,
      tipPercent: 0,
      customFields: [{ type: 'text', label: 'Site address', required: true }],
      collectPhone: true,
    });
    const { url, paymentId } = await checkout({ linkId: link.linkId, tip: 'none' });
    const paid = await payOnHostedCheckout(url, {
      email: 'hemi.walker@example.co.nz',
      name: 'Hemi Walker',
      answers: { custom_field_field1: '12 Secret Lane, Ponsonby', phone: '021 555 0101' },
    });
    await env.settle();
    const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
    const result = await (await env.api(`/api/checkout/${sessionId}`)).json();
    const row = await paymentRow(env, paymentId);

    for (const path of [
      result.receipt_path as string,
      `/r/${row.receiptToken as string}?k=wrong`,
      `/r/${row.receiptToken as string}?k=`,
    ]) {
      const page = await receiptPage(path);
      expect(page.status, path).toBe(200);
      expect(page.html).toContain('Garden design');
      expect(page.html).toContain('The total includes GST');
      for (const secret of ['Hemi Walker', 'hemi.walker@example.co.nz', 'Secret Lane', '5550101'])
        expect(page.html, `${path} shows ${secret}`).not.toContain(secret);
    }
    const full = await receiptPage(`/r/${row.receiptToken as string}?k=${row.receiptKey as string}`);
    for (const detail of ['Hemi Walker', 'hemi.walker@example.co.nz', '12 Secret Lane, Ponsonby', '021 555 0101'])
      expect(full.html).toContain(detail);
  });

  it('answers 404 in words for an address it does not know', async () => {
    for (const path of ['/r/rct_AAAAAAAAAAAAAAAAAAAAAA', '/r/cs_test_something']) {
      const page = await receiptPage(path);
      expect(page.status).toBe(404);
      expect(page.html).toContain('Receipt not found');
    }
  });
});

describe('supply corrections', () => {
  it('a $23 refund of a $230 payment emails the payer a correction of GST $3.00 and lists it on the receipt', async () => {
    const merchant = await registeredMerchant();
    const payer = { email: `refund-${Date.now()}@example.co.nz`, name: 'Hemi Payer' };
    const { row } = await pay((await linkFor(merchant, 'Catering platter', 23_000)).linkId, payer);
    const refunded = await env.api(`/api/me/payments/${row.paymentId}/refunds`, {
      method: 'POST',
      token: merchant.accessToken,
      headers: { 'content-type': 'application/json', 'idempotency-key': `gst-refund-${row.paymentId}` },
      body: JSON.stringify({ amountCents: 2_300, reason: 'requested_by_customer' }),
    });
    expect(refunded.status, await refunded.clone().text()).toBe(201);
    await env.settle();

    const notice = await waitForEmail(env.runtime.mailbox.url, payer.email, { subject: /refunded \$23\.00/ });
    expect(notice.body.text).toContain('GST correction: -$3.00');
    expect(notice.body.text).toContain(`Original receipt number: ${row.receiptNumber as number}`);
    expect(notice.body.text).toContain('GST number: 49-091-850');
    expect(notice.body.text).toContain('Supplier: Kōwhai Cafe Limited');
    expect(linkIn(notice, '/r/').pathname).toBe(`/r/${row.receiptToken as string}`);

    const page = await receiptPage(`/r/${row.receiptToken as string}`);
    expect(page.html).toContain('The total includes GST $30.00');
    expect(page.html).toContain('GST corrected by $3.00');
    expect(page.html).toContain('$23.00');
  });

  it('a merchant not registered sends the refund notice without any correction', async () => {
    const merchant = await env.connectedMerchant({ companyName: 'Plain Shop' });
    const payer = { email: `plain-${Date.now()}@example.co.nz`, name: 'Tama Payer' };
    const { row } = await pay((await linkFor(merchant, 'Hat', 5_000)).linkId, payer);
    const refunded = await env.api(`/api/me/payments/${row.paymentId}/refunds`, {
      method: 'POST',
      token: merchant.accessToken,
      headers: { 'content-type': 'application/json', 'idempotency-key': `plain-refund-${row.paymentId}` },
      body: JSON.stringify({ amountCents: 1_000, reason: 'requested_by_customer' }),
    });
    expect(refunded.status).toBe(201);
    await env.settle();
    const notice = await waitForEmail(env.runtime.mailbox.url, payer.email, { subject: /refunded \$10\.00/ });
    expect(notice.body.text).not.toContain('GST');
  });
});

describe('a receipt keeps the tax settings it was issued under (docs/decisions.md #97)', () => {
  function saveTax(merchant: TestMerchant, tax: Record<string, unknown>) {
    return send('/api/me/tax', 'PUT', tax, merchant.accessToken);
  }

  async function refundAll(merchant: TestMerchant, paymentId: string, amountCents: number) {
    const refunded = await env.api(`/api/me/payments/${paymentId}/refunds`, {
      method: 'POST',
      token: merchant.accessToken,
      headers: { 'content-type': 'application/json', 'idempotency-key': `kept-refund-${paymentId}` },
      body: JSON.stringify({ amountCents, reason: 'requested_by_customer' }),
    });
    expect(refunded.status, await refunded.clone().text()).toBe(201);
    await env.settle();
  }

  it('receipted while not registered: no GST after the merchant registers, and its refund corrects none', async () => {
    const merchant = await env.connectedMerchant({ companyName: 'Rewa Bakery' });
    const payer = { email: `before-gst-${Date.now()}@example.co.nz`, name: 'Tama Payer' };
    const { row } = await pay((await linkFor(merchant, 'Wedding loaves', 50_000)).linkId, payer);
    const path = `/r/${row.receiptToken as string}`;
    expect((await receiptPage(path)).html).not.toContain('GST');

    const registered = await saveTax(merchant, {
      gstRegistered: true,
      gstNumber: '49-091-850',
      legalName: 'Rewa Holdings Limited',
      address: '1 Queen St',
    });
    expect(registered.status).toBe(200);
    const page = await receiptPage(path);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('GST');
    expect(page.html).not.toContain('49-091-850');
    expect(page.html).toContain('Rewa Bakery');
    expect(page.html).toContain('$500.00');
    expect(page.html).not.toContain('Rewa Holdings Limited');

    await refundAll(merchant, row.paymentId, 50_000);
    const notice = await waitForEmail(env.runtime.mailbox.url, payer.email, { subject: /refunded \$500\.00/ });
    expect(notice.body.text).not.toContain('GST');
    expect((await receiptPage(path)).html).not.toContain('GST');
  });

  /** A registered merchant's tipped payment receipted under number A, then Settings → Tax changed. */
  async function receiptedThenChanged() {
    const merchant = await registeredMerchant();
    const payer = { email: `kept-${Date.now()}-${Math.random()}@example.co.nz`, name: 'Hemi Payer' };
    // $200 and a 10% tip, the tip part of the supply by default (#66): GST is 3/23 of $220 = 2869.56… → $28.70.
    const { row } = await pay((await linkFor(merchant, 'Catering platter', 20_000, 10)).linkId, payer, 'percent');
    expect(row.totalCents).toBe(22_000);
    const path = `/r/${row.receiptToken as string}`;
    expect((await receiptPage(path)).html).toContain('The total includes GST $28.70');

    // Number B, another name and address, and tips outside the supply — which would make it $26.09 on $200.
    const changed = await saveTax(merchant, {
      gstRegistered: true,
      gstNumber: '12-345-674',
      legalName: 'Kōwhai Holdings Limited',
      address: '2 Lambton Quay',
      tipTreatment: 'outside-supply',
    });
    expect(changed.status).toBe(200);
    return { merchant, payer, row, path };
  }

  it('receipted under GST number A: still shows A, its name, address and GST after they change', async () => {
    const { path } = await receiptedThenChanged();
    const page = await receiptPage(path);
    expect(page.html).toContain('49-091-850');
    expect(page.html).toContain('Kōwhai Cafe Limited');
    expect(page.html).toContain('1 Queen St');
    expect(page.html).toContain('The total includes GST $28.70');
    expect(page.html).not.toContain('12-345-674');
    expect(page.html).not.toContain('Kōwhai Holdings Limited');
    expect(page.html).not.toContain('2 Lambton Quay');
    expect(page.html).not.toContain('not part of the GST-inclusive price');
  });

  it('a refund after the settings changed corrects the receipt’s own GST, under its number A', async () => {
    const { merchant, payer, row, path } = await receiptedThenChanged();
    // The whole $220 back: the correction takes back the receipt's $28.70 (not GST on $200, $26.09).
    await refundAll(merchant, row.paymentId, 22_000);
    const notice = await waitForEmail(env.runtime.mailbox.url, payer.email, { subject: /refunded \$220\.00/ });
    expect(notice.body.text).toContain('GST correction: -$28.70');
    expect(notice.body.text).toContain('GST number: 49-091-850');
    expect(notice.body.text).toContain('Supplier: Kōwhai Cafe Limited');
    expect(notice.body.text).toContain(`Original receipt number: ${row.receiptNumber as number}`);
    expect(notice.body.text).not.toContain('12-345-674');
    const refundedPage = await receiptPage(path);
    expect(refundedPage.html).toContain('GST corrected by $28.70');
    expect(refundedPage.html).not.toContain('12-345-674');
  });
});
