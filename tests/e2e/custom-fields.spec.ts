/**
 * A link's questions (docs/decisions.md #76): a merchant adds a list question and the phone number in the
 * Create Link form, a payer picks a choice on the sandbox's Checkout, and the merchant reads the answer in
 * the 'Payment received' notice and in Transactions. Every path of the answers (CSV, push, receipt) is proven in
 * tests/integration/custom-fields.test.ts; here the screens.
 */
import { expect, test, type Page } from '@playwright/test';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInWithStoredSession } from './support/browser-session';
import { createMerchantReadyForPayments } from './support/merchant';
import { expectToastSeen, recordToasts } from './support/toasts-seen';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function axeAtBothWidths(page: Page, name: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeFindings(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: `test-results/custom-fields-${name}-${viewport.width}.png`, fullPage: true });
  }
}

test('a merchant asks a list question; a payer picks on Checkout; the merchant sees it in Transactions', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const merchant = await createMerchantReadyForPayments({ businessName: 'Pōneke Tees' });
  await signInWithStoredSession(page, merchant, '/dashboard/create-link');

  await page.getByLabel('Title').fill('Club T-shirt');
  await page.getByLabel('Amount (NZD)').fill('30.00');
  await page.getByRole('button', { name: 'Add a question' }).click();
  const question = page.getByRole('group', { name: 'Question 1' });
  await question.getByLabel('Question', { exact: true }).fill('Size');
  await question.getByLabel('Answer type').selectOption('dropdown');
  // A list without choices is refused on its field, before anything is sent.
  await page.getByRole('button', { name: 'Create Payment Link' }).click();
  await expect(question.getByText('Add at least one choice to the list.')).toBeVisible();
  await question.getByLabel('Choices').fill('Small\nMedium\nLarge');
  await page.getByLabel("Ask for the payer's phone number").check();
  await axeAtBothWidths(page, 'form');

  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/me/links') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create Payment Link' }).click();
  const link = (await (await created).json()) as PaymentLink;
  expect(link.customFields).toMatchObject([{ label: 'Size', type: 'dropdown', required: true }]);
  expect(link.collectPhone).toBe(true);
  await page.getByRole('dialog', { name: 'Payment Link Created!' }).getByRole('button', { name: 'Done' }).click();

  // The merchant's page keeps its toasts: the 'Payment received' one lasts four seconds from the push, which
  // may beat the payer's own page.
  await recordToasts(page);

  // The payer, on a phone: the questions are Checkout's, not the payer page's.
  const payerContext = await browser.newContext({ viewport: PHONE });
  const payer = await payerContext.newPage();
  await payer.goto(`/p/${link.linkId}`);
  await payer.getByRole('button', { name: 'Pay Now' }).click();
  await payer.getByLabel('Email').fill('hemi@example.co.nz');
  await payer.getByLabel('Name on card').fill('Hemi Walker');
  await payer.getByLabel('Size').selectOption({ label: 'Medium' });
  await payer.getByLabel('Phone number').fill('021 555 0123');
  await payer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payer.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await payer.getByLabel('CVC').fill('123');
  await payer.screenshot({ path: 'test-results/custom-fields-checkout-390.png', fullPage: true });
  await expectNoSeriousAxeFindings(payer);
  await payer.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(payer.getByRole('heading', { level: 1, name: 'Payment Confirmed!' })).toBeVisible();
  await payerContext.close();

  // The merchant's open dashboard says what was chosen, as the payment arrives.
  await expectToastSeen(
    page,
    'Payment received',
    '$30.00 total has just been paid. · Size: Medium · Phone: 021 555 0123',
  );

  await page.goto('/dashboard/transactions');
  const rows = page
    .getByRole('table', { name: 'Transaction History' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Details/ }) });
  await expect(rows).toHaveCount(1);
  await rows
    .first()
    .getByRole('button', { name: /^Details/ })
    .click();
  const detail = page.getByRole('region', { name: /^Details of the payment for/ });
  await expect(detail).toContainText('SizeMedium');
  await expect(detail).toContainText('Phone021 555 0123');
  await axeAtBothWidths(page, 'detail');
});

test('questions are added and removed from the keyboard, focus following each edit @desktop-only', async ({ page }) => {
  const merchant = await createMerchantReadyForPayments({ businessName: 'Kererū Classes' });
  await signInWithStoredSession(page, merchant, '/dashboard/create-link');
  const add = page.getByRole('button', { name: 'Add a question' });
  const questionField = (number: number) =>
    page.getByRole('group', { name: `Question ${number}` }).getByLabel('Question', { exact: true });

  // Adding puts the cursor in the new question, so the next keys type it.
  for (const [number, words] of [
    [1, 'Size'],
    [2, 'Colour'],
    [3, 'Name on the back'],
  ] as const) {
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(questionField(number)).toBeFocused();
    await page.keyboard.type(words);
  }
  // At the limit the button gives way to words saying it.
  await expect(add).toBeHidden();
  await expect(page.getByText('A link can ask at most 3 questions.')).toBeVisible();

  // Removing keeps the place: the question now in that place, then the one before it, then the add button.
  await page.getByRole('button', { name: 'Remove question 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(questionField(2)).toBeFocused();
  await expect(questionField(2)).toHaveValue('Name on the back');
  await page.getByRole('button', { name: 'Remove question 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(questionField(1)).toBeFocused();
  await page.getByRole('button', { name: 'Remove question 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(add).toBeFocused();
});
