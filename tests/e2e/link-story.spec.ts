/**
 * A link that does more, from end to end, as a market stall uses one (issue 27's story): the merchant makes a
 * link with an expiry, a limit of 2 and a list question through Create Link; two payers pay choosing their
 * options; a third is told it is sold out; the merchant reads the choices in Transactions and in the CSV, and
 * sends a payment request whose email lands in the mailbox. Each piece has its own spec and integration test
 * (expiry, sold-out race, answers, requests); this one proves they hold together.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser } from '@playwright/test';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { LINK_SOLD_OUT_MESSAGE } from '@shared/payment-messages';
import { wallClockOf } from '@shared/wall-clock';
import { parseCsv } from '../support/csv';
import { waitForEmail } from '../support/mailbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInWithStoredSession } from './support/browser-session';
import { fillExpiry } from './support/expiry-field';
import { createMerchantReadyForPayments, e2eEnv } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const PHONE = { width: 390, height: 844 };
const AUCKLAND = 'Pacific/Auckland';

/** A payer on a phone opens the link and pays on Checkout, choosing a size. */
async function payChoosing(browser: Browser, linkId: string, payer: { email: string; name: string; size: string }) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`/p/${linkId}`);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByLabel('Email').fill(payer.email);
  await page.getByLabel('Name on card').fill(payer.name);
  await page.getByLabel('Size').selectOption({ label: payer.size });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Confirmed!' })).toBeVisible();
  await context.close();
}

test('a limited link with a question: two pay, the third is told it is sold out, the choices reach the CSV, a request is sent', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const merchant = await createMerchantReadyForPayments({ businessName: 'Kererū Market Tees' });
  await signInWithStoredSession(page, merchant, '/dashboard/create-link');

  await page.getByLabel('Title').fill('Market day tee');
  await page.getByLabel('Amount (NZD)').fill('25.00');
  await fillExpiry(page, wallClockOf(new Date(Date.now() + 3 * 86_400_000), AUCKLAND));
  await page.getByLabel(/^Payment limit/).fill('2');
  await page.getByRole('button', { name: 'Add a question' }).click();
  const question = page.getByRole('group', { name: 'Question 1' });
  await question.getByLabel('Question', { exact: true }).fill('Size');
  await question.getByLabel('Answer type').selectOption('dropdown');
  await question.getByLabel('Choices').fill('Small\nMedium\nLarge');
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/me/links') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create Payment Link' }).click();
  const link = (await (await created).json()) as PaymentLink;
  expect(link).toMatchObject({ maxPayments: 2, expired: false, customFields: [{ label: 'Size', type: 'dropdown' }] });
  await page.getByRole('dialog', { name: 'Payment Link Created!' }).getByRole('button', { name: 'Done' }).click();

  await payChoosing(browser, link.linkId, { email: 'aroha@example.co.nz', name: 'Aroha Ngata', size: 'Small' });
  await payChoosing(browser, link.linkId, { email: 'tama@example.co.nz', name: 'Tama Rewi', size: 'Large' });

  const third = await browser.newContext({ viewport: PHONE });
  const thirdPage = await third.newPage();
  await thirdPage.goto(`/p/${link.linkId}`);
  await expect(thirdPage.getByText(LINK_SOLD_OUT_MESSAGE)).toBeVisible();
  await expect(thirdPage.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await third.close();

  await page.getByRole('tab', { name: 'Manage Links' }).click();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Market day tee' }) });
  await expect(row.getByText('2 of 2 sold')).toBeVisible();

  // Transactions: each payer's choice in their payment's detail, and a Size column in the CSV.
  await page.goto('/dashboard/transactions');
  const rows = page
    .getByRole('table', { name: 'Transaction History' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Details/ }) });
  await expect(rows).toHaveCount(2);
  await rows
    .filter({ hasText: 'aroha@example.co.nz' })
    .getByRole('button', { name: /^Details/ })
    .click();
  await expect(page.getByRole('region', { name: /^Details of the payment for/ })).toContainText('SizeSmall');
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const [header, ...lines] = parseCsv(await readFile((await (await downloaded).path())!, 'utf8'));
  const size = header!.indexOf('Size');
  const email = header!.indexOf('Customer Email');
  expect(size).toBeGreaterThan(email);
  expect(Object.fromEntries(lines.map((line) => [line[email], line[size]]))).toEqual({
    'aroha@example.co.nz': 'Small',
    'tama@example.co.nz': 'Large',
  });

  // The link is sold out; a customer who missed it gets a one-off request instead.
  const customer = `hine-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
  await page.goto('/dashboard/requests');
  await page.getByRole('button', { name: 'New request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to a customer' });
  await dialog.getByLabel('What is it for?').fill('Market day tee (reserved)');
  await dialog.getByLabel('Amount (NZD)').fill('25.00');
  await dialog.getByLabel("Customer's email").fill(customer);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText(`Request sent to ${customer}`)).toBeVisible();
  const requestEmail = await waitForEmail(e2eEnv.mailboxUrl, customer, { subject: /payment request/ });
  expect(requestEmail.subject).toBe('Kererū Market Tees sent you a payment request');
  await page.setViewportSize(PHONE);
  await expectNoSeriousAxeFindings(page);
});
