/**
 * A link's expiry, reference and thank-you (docs/decisions.md #53–#55), set by a merchant through the
 * Create Link form and the Edit expiry dialog, then paid by a payer who reads the thank-you on the success
 * page. Expiry passing is driven by a clock in tests/integration/link-expiry.test.ts; here the screens.
 */
import { expect, test, type Page } from '@playwright/test';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { wallClockOf } from '@shared/wall-clock';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInThroughLoginPage } from './support/browser-session';
import { createMerchantReadyForPayments } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const AUCKLAND = 'Pacific/Auckland';
const THANK_YOU = 'Ngā mihi! Collect from stall 4 from 8am <Saturday>.';

async function axeAtBothWidths(page: Page) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeFindings(page);
  }
}

test('a merchant sets expiry, reference and thank-you; edits the expiry; a payer pays and reads the thank-you', async ({
  page,
}) => {
  const merchant = await createMerchantReadyForPayments({ businessName: 'Ōtaki Market Stall' });
  await signInThroughLoginPage(page, merchant);
  await page.goto('/dashboard/create-link');

  const inAWeek = wallClockOf(new Date(Date.now() + 7 * 86_400_000), AUCKLAND);
  await page.getByLabel('Title').fill('Saturday preorder');
  await page.getByLabel('Amount (NZD)').fill('12.00');
  await page.getByLabel('Your reference').fill('INV-0042');
  await page.getByLabel(/^Expires/).fill(inAWeek);
  await page.getByLabel('Message after it expires').fill('Preorders are closed for this week.');
  await page.getByLabel('Thank-you message').fill(THANK_YOU);
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/me/links') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create Payment Link' }).click();
  const link = (await (await created).json()) as PaymentLink;
  expect(link).toMatchObject({ reference: 'INV-0042', thankYouMessage: THANK_YOU, expired: false });
  await page.getByRole('dialog', { name: 'Payment Link Created!' }).getByRole('button', { name: 'Done' }).click();

  await page.getByRole('tab', { name: 'Manage Links' }).click();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Saturday preorder' }) });
  await expect(row.getByText('Ref: INV-0042')).toBeVisible();
  await expect(row.getByText(/^Expires /)).toBeVisible();

  await row.getByRole('button', { name: 'Edit expiry: Saturday preorder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit expiry' });
  await expect(dialog.getByLabel(/^Expires/)).toHaveValue(inAWeek);
  await axeAtBothWidths(page);
  const inTwoWeeks = wallClockOf(new Date(Date.now() + 14 * 86_400_000), AUCKLAND);
  await dialog.getByLabel(/^Expires/).fill(inTwoWeeks);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Expiry updated' })).toBeVisible();

  // The payer, on a phone. A page drawn just before the expiry (it is cached a minute) meets checkout's 410:
  // played here by answering that one call, as the clock-driven integration test proves the server says it.
  await page.setViewportSize(PHONE);
  await page.goto(`/p/${link.linkId}`);
  const expiredAnswer = { code: 'link_expired', message: 'Preorders are closed for this week.' };
  await page.route('**/api/checkout', (route) => route.fulfill({ status: 410, json: expiredAnswer }), { times: 1 });
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Link Expired' })).toBeVisible();
  await expect(page.getByText('Preorders are closed for this week.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeHidden();

  await page.reload();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByLabel('Email').fill('payer@example.co.nz');
  await page.getByLabel('Name on card').fill('Mere Payer');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Confirmed!' })).toBeVisible();
  // Shown as text: the angle brackets are the merchant's words, not markup.
  await expect(page.getByRole('region', { name: 'A message from Ōtaki Market Stall' })).toHaveText(THANK_YOU);
});
