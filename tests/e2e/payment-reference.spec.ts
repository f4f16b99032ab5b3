/**
 * One reference per payment (docs/decisions.md #29): a payer pays on a phone and reads the Transaction ID
 * on the success page; the merchant pastes that id, and then the Checkout session id from the success
 * page's address, into Transactions' filter at 1280 px and finds exactly that payment, whose detail shows the same id.
 */
import { expect, test, type Page } from '@playwright/test';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInWithStoredSession } from './support/browser-session';
import { createMerchantReadyForPayments, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function payAsAPayer(page: Page, linkId: string, payer: { email: string; name: string }) {
  await page.goto(`/p/${linkId}`);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByLabel('Email').fill(payer.email);
  await page.getByLabel('Name on card').fill(payer.name);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Confirmed!' })).toBeVisible();
}

test("a merchant finds a payment in Transactions by the id on the payer's success page", async ({ browser, page }) => {
  test.setTimeout(90_000);
  const merchant = await createMerchantReadyForPayments({ businessName: 'Kōwhai Coffee Cart' });
  const link = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Long black',
    description: null,
    isOpenAmount: false,
    amountCents: 450,
    tipPercent: 0,
  });
  const run = crypto.randomUUID().slice(0, 8);
  const aroha = { email: `aroha-${run}@example.co.nz`, name: 'Aroha Ngata' };
  const tama = { email: `tama-${run}@example.co.nz`, name: 'Tama Rewi' };

  // Two payers; the second is the one the merchant looks for.
  const payerContext = await browser.newContext({ viewport: PHONE });
  const payer = await payerContext.newPage();
  await payAsAPayer(payer, link.linkId, aroha);
  await payAsAPayer(payer, link.linkId, tama);
  const sessionId = new URL(payer.url()).searchParams.get('session_id')!;
  const details = payer.getByRole('region', { name: 'Payment details' });
  const idRow = details.locator('div').filter({ hasText: /^Transaction ID/ });
  const reference = (await idRow.locator('dd').textContent())!.trim();
  expect(reference).toMatch(/^pay_[A-Za-z0-9_-]{16}$/);
  // The id fits the phone's width.
  expect(await payer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await payerContext.close();

  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant, '/dashboard/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  const rows = page
    .getByRole('table', { name: 'Transaction History' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Details/ }) });
  await expect(rows).toHaveCount(2);

  const filters = page.getByRole('button', { name: /^(Hide|Show) Filters/ });
  if ((await filters.getAttribute('aria-expanded')) !== 'true') await filters.click();
  const idFilter = page.getByLabel('Transaction ID');
  for (const id of [reference, sessionId]) {
    await idFilter.fill(id);
    await expect(page).toHaveURL(new RegExp(`transactionId=${id}`));
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(tama.email);
  }

  await rows
    .first()
    .getByRole('button', { name: /^Details/ })
    .click();
  const detail = page.getByRole('region', { name: /^Details of the payment for/ });
  await expect(detail).toContainText(`Transaction ID${reference}`);
  await expectNoSeriousAxeFindings(page);
});
