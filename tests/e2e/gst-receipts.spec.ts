/**
 * GST receipts (docs/decisions.md #64, #65, #66): the merchant turns on GST in Settings → Tax (a wrong
 * check digit is refused under the field), a payer pays $230 and gets a receipt — by email and on the
 * /r page — with the GST number and "includes GST $30.00"; the merchant refunds $23 and the payer gets
 * supply correction information showing GST $3.00; the Payouts screen's GST summary shows $30.00 less
 * $3.00 and downloads as a CSV (docs/decisions.md #84); the receipt downloads as a PDF (#85). axe at 1280
 * and 390 px on the new screens. A $23 receipt states its GST $3.00 and the GST number too, the setting
 * "Show the GST on receipts of $200 or less" being on by default (#176).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { CheckoutResponse } from '@shared/contracts/checkout';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { parseCsv } from '../support/csv';
import { waitForEmail } from '../support/mailbox';
import { submitHostedForm } from '../support/stripe-sandbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInWithStoredSession } from './support/browser-session';
import { createMerchantReadyForPayments, e2eEnv, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });

const run = crypto.randomUUID().slice(0, 8);
const payer = { email: `mere-${run}@example.co.nz`, name: 'Mere Walker' };

/** axe at both widths, ending at 390 px. */
async function bothWidths(page: Page) {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeFindings(page);
  }
}

/** The payer pays the link on the sandbox's Checkout and lands on the success page. */
async function payOnCheckout(page: Page, linkId: string) {
  const checkout = await fetch(`${e2eEnv.baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId, tip: 'none' }),
  });
  const { url, paymentId } = (await checkout.json()) as CheckoutResponse;
  const paid = await submitHostedForm(url, {
    email: payer.email,
    name: payer.name,
    card_number: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
  });
  expect(paid.status).toBe(303);
  await page.goto(paid.headers.get('location')!);
  return { paymentId };
}

test('GST on: a $230 receipt shows the GST number and the GST; a $23 refund sends a correction of $3.00', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const merchant = await createMerchantReadyForPayments({ businessName: 'Kōwhai Catering' });
  const link = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Catering platter',
    description: null,
    isOpenAmount: false,
    amountCents: 23_000,
    tipPercent: null,
  });

  // Settings → Tax: registered, a mistyped number refused under the field, then the right one saved.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithStoredSession(page, merchant, '/dashboard/settings');
  await page.getByLabel('I am registered for GST').check();
  const gstNumber = page.getByLabel('GST number');
  await gstNumber.fill('136-410-133');
  await page.getByLabel('Legal or trading name').fill('Kōwhai Catering Limited');
  await page.getByLabel('Address').fill('12 Jervois Road\nHerne Bay, Auckland 1011');
  await page.getByRole('button', { name: 'Save tax settings' }).click();
  await expect(
    page.getByText('That GST number’s last digit does not match the others.', { exact: false }),
  ).toBeVisible();
  await expect(gstNumber).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('No New Zealand ruling settles whether a tip', { exact: false })).toBeVisible();
  // On by default (docs/decisions.md #176): small receipts state their GST too.
  await expect(page.getByLabel('Show the GST on receipts of $200 or less')).toBeChecked();
  await bothWidths(page);
  await gstNumber.fill('49-091-850');
  await page.getByRole('button', { name: 'Save tax settings' }).click();
  await expect(page.getByText('Tax settings saved')).toBeVisible();

  // The payer pays $230 on the sandbox's Checkout and lands on the success page.
  const { paymentId } = await payOnCheckout(page, link.linkId);

  // The receipt by email, from the success page's own button.
  await page.getByRole('button', { name: 'Email Receipt' }).click();
  await page.getByRole('dialog', { name: 'Email Receipt' }).getByRole('button', { name: 'Send Receipt' }).click();
  const receipt = await waitForEmail(e2eEnv.mailboxUrl, payer.email, { subject: /Your receipt/ });
  expect(receipt.body.text).toContain('GST number: 49-091-850');
  expect(receipt.body.text).toContain('The total includes GST $30.00');

  // The receipt page, from the success page's link.
  await expect(page.getByRole('dialog', { name: 'Email Receipt' })).toBeHidden();
  await page.getByRole('link', { name: 'View or print receipt' }).click();
  await expect(page.getByRole('heading', { name: 'Kōwhai Catering Limited' })).toBeVisible();
  await expect(page.getByText('49-091-850')).toBeVisible();
  await expect(page.getByText('The total includes GST $30.00')).toBeVisible();
  // A two-line address stays two lines, as the merchant typed it.
  expect(await page.getByText('12 Jervois Road').innerText()).toBe('12 Jervois Road\nHerne Bay, Auckland 1011');
  await bothWidths(page);

  // The merchant refunds $23: the payer gets the refund notice with its supply correction.
  const refund = await fetch(`${e2eEnv.baseUrl}/api/me/payments/${paymentId}/refunds`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${merchant.token}`,
      'content-type': 'application/json',
      'idempotency-key': `gst-e2e-${run}`,
    },
    body: JSON.stringify({ amountCents: 2_300, reason: 'requested_by_customer' }),
  });
  expect(refund.status).toBe(201);
  const correction = await waitForEmail(e2eEnv.mailboxUrl, payer.email, {
    subject: /refunded \$23\.00/,
    timeoutMs: 15_000,
  });
  expect(correction.body.text).toContain('GST correction: -$3.00');
  expect(correction.body.text).toContain('GST number: 49-091-850');
  await page.reload();
  await expect(page.getByText('GST corrected by $3.00')).toBeVisible();

  // The PDF download: made in the browser from the page's own figures, fetched only when asked for.
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^receipt-\d+\.pdf$/);
  const pdfBytes = await readFile((await pdf.path())!);
  expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfBytes.toString('latin1')).toMatch(/\/Title \(/);
  await expect(page.getByRole('status').filter({ hasText: 'Your receipt PDF has downloaded.' })).toBeVisible();
  if (process.env.PAYLINK_E2E_KEEP_PDF) await pdf.saveAs(process.env.PAYLINK_E2E_KEEP_PDF);

  // The GST summary on Payouts: this two-monthly period's GST is the receipt's $30.00 less the $3.00
  // correction, and its CSV lists both lines with the totals.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Payouts', exact: true }).click();
  const summary = page.getByRole('region', { name: /^GST summary, / });
  await expect(page.getByLabel('Filing frequency')).toHaveValue('2');
  await expect(page.getByLabel('Periods end in')).toHaveValue('even');
  await expect(summary.getByText('GST on 1 receipt')).toBeVisible();
  await expect(summary.getByRole('definition').filter({ hasText: '$30.00' })).toBeVisible();
  await expect(summary.getByRole('definition').filter({ hasText: '-$3.00' })).toBeVisible();
  await expect(summary.getByRole('definition').filter({ hasText: '$27.00' })).toBeVisible();
  await bothWidths(page);

  const downloaded = page.waitForEvent('download');
  await summary.getByRole('button', { name: 'Download GST summary CSV' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^paylink-gst-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
  const rows = parseCsv((await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''));
  expect(rows.map((cells) => [cells[0], cells[5], cells[6]])).toEqual([
    ['Type', 'Amount Including GST', 'GST'],
    ['Receipt', '230.00', '30.00'],
    ['Supply correction', '-23.00', '-3.00'],
    ['Total sales including GST', '230.00', ''],
    ['Total GST on receipts', '', '30.00'],
    ['Total refunded', '-23.00', ''],
    ['Total GST corrected', '', '-3.00'],
    ['Net GST', '207.00', '27.00'],
  ]);

  // Six-monthly, ending on the balance month: the same figures for the period holding today.
  await page.getByLabel('Filing frequency').selectOption({ label: 'Six-monthly' });
  await expect(page.getByLabel('Balance month')).toHaveValue('3');
  await expect(summary.getByRole('definition').filter({ hasText: '$27.00' })).toBeVisible();

  // A $23 receipt, under the setting left on: its page states the GST it includes and the GST number.
  const small = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Coffee for the office',
    description: null,
    isOpenAmount: false,
    amountCents: 2_300,
    tipPercent: null,
  });
  await payOnCheckout(page, small.linkId);
  await page.getByRole('link', { name: 'View or print receipt' }).click();
  await expect(page.getByText('Coffee for the office').first()).toBeVisible();
  await expect(page.getByText('The total includes GST $3.00')).toBeVisible();
  await expect(page.getByText('49-091-850')).toBeVisible();
});
