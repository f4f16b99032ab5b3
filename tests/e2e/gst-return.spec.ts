/**
 * The GST return worksheet and Paylink's fee statement (docs/decisions.md #123, #124),
 * as a GST-registered merchant uses them: two payments on the sandbox's hosted Checkout, then in Chromium
 * the merchant opens Payouts, sees the period's boxes under the GST summary, downloads the worksheet's
 * CSV (its boxes the screen's), and downloads this month's fee statement as a PDF and a CSV. Paylink
 * itself is not registered for GST in this runtime, so the statement says so and shows no GST. Axe at
 * 1280 and 390 px.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { CheckoutResponse } from '@shared/contracts/checkout';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { parseCsv } from '../support/csv';
import { submitHostedForm } from '../support/stripe-sandbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInWithStoredSession } from './support/browser-session';
import { createMerchantReadyForPayments, e2eEnv, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });

/** A link of `amountCents` paid on the sandbox's hosted Checkout, settled by the success page's check. */
async function pay(token: string, title: string, amountCents: number) {
  const link = await merchantApi<PaymentLink>(token, 'POST', '/api/me/links', {
    title,
    isOpenAmount: false,
    amountCents,
    tipPercent: 0,
  });
  const response = await fetch(`${e2eEnv.baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId: link.linkId, tip: 'none' }),
  });
  const { url } = (await response.json()) as CheckoutResponse;
  const answer = await submitHostedForm(url, {
    email: 'payer@example.co.nz',
    name: 'Aroha Ngata',
    card_number: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
  });
  expect(answer.status).toBe(303);
  const sessionId = new URL(answer.headers.get('location')!).searchParams.get('session_id')!;
  const verified = await fetch(`${e2eEnv.baseUrl}/api/checkout/${sessionId}`);
  expect(((await verified.json()) as { status: string }).status).toBe('succeeded');
}

test('a GST-registered merchant reads the GST return worksheet and downloads it and the fee statement', async ({
  page,
}) => {
  const merchant = await createMerchantReadyForPayments({ businessName: 'Kōwhai Café' });
  await merchantApi(merchant.token, 'PUT', '/api/me/tax', {
    gstRegistered: true,
    gstNumber: '49-091-850',
    legalName: 'Kōwhai Café Limited',
    address: '1 Queen Street, Auckland',
  });
  await pay(merchant.token, 'Catering platter', 23_000);
  await pay(merchant.token, 'Scone', 1001);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithStoredSession(page, merchant, '/dashboard/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();

  // The worksheet of the GST summary's period: $240.01 of sales, 3/23 of it $31.31, no fees to claim.
  const worksheet = page.getByRole('region', { name: 'GST return worksheet' });
  await expect(worksheet.getByTestId('gst-return-box5')).toHaveText('$240.01');
  await expect(worksheet.getByTestId('gst-return-box8')).toHaveText('$31.31');
  await expect(worksheet.getByTestId('gst-return-box11')).toHaveText('$0.00');
  await expect(worksheet.getByTestId('gst-return-box15')).toHaveText('$31.31');
  await expect(worksheet).toContainText(
    'Total sales and income for the period (including GST and any zero-rated supplies)',
  );
  await expect(worksheet).toContainText('Paylink is not registered for GST, so its fees carry no GST to claim');
  await expectNoSeriousAxeFindings(page);

  const worksheetFile = page.waitForEvent('download');
  await worksheet.getByRole('button', { name: 'Download GST return CSV' }).click();
  const worksheetDownload = await worksheetFile;
  expect(worksheetDownload.suggestedFilename()).toMatch(/^paylink-gst-return-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
  const boxes = parseCsv((await readFile((await worksheetDownload.path())!, 'utf8')).replace(/^\uFEFF/, ''));
  expect(boxes[0]).toEqual(['Box', 'Description', 'Amount']);
  expect(boxes.find((row) => row[0] === 'Box 5')?.[2]).toBe('240.01');
  expect(boxes.find((row) => row[0] === 'Box 8')?.[2]).toBe('31.31');
  expect(boxes.find((row) => row[0] === 'Box 15')?.[2]).toBe('31.31');

  // This month's fees: 0.5% of $230 and of $10.01.
  const fees = page.getByRole('region', { name: /^Paylink’s fees, / });
  await expect(fees).toContainText('Fees on 2 payments');
  await expect(fees).toContainText('$1.20');
  await expect(fees).toContainText('Paylink is not registered for GST: these fees include no GST.');

  const pdfFile = page.waitForEvent('download');
  await fees.getByRole('button', { name: 'Download fee statement PDF' }).click();
  const pdf = await pdfFile;
  expect(pdf.suggestedFilename()).toMatch(/^paylink-fees-\d{4}-\d{2}\.pdf$/);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const csvFile = page.waitForEvent('download');
  await fees.getByRole('button', { name: 'Download fee statement CSV' }).click();
  const csv = parseCsv((await readFile((await (await csvFile).path())!, 'utf8')).replace(/^\uFEFF/, ''));
  expect(csv[1]?.[0]).toBe('Statement of Paylink fees');
  expect(csv.find((row) => row[0] === 'Customer')?.[1]).toBe('Kōwhai Café Limited');
  expect(csv.filter((row) => row[0] === 'Paylink fee').map((row) => row[5])).toEqual(['1.15', '0.05']);
  expect(csv.find((row) => row[0] === 'Net fees')?.[5]).toBe('1.20');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(worksheet.getByTestId('gst-return-box15')).toBeVisible();
  await expectNoSeriousAxeFindings(page);
});
