/**
 * Payment Links & QR Codes (/dashboard/create-link): creating links, the 'Payment Link Created!' dialog,
 * managing links and generating their QR codes, against the local runtime's real API — with a merchant
 * whose Stripe account is connected on the sandbox. States the runtime does not reach on its own (slow
 * answers, failures) are played by answering or delaying the one API call.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page, type Route, type TestInfo } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { TIP_PRESET_MESSAGE, TIP_PRESETS_REPEATED_MESSAGE, type PaymentLink } from '@shared/contracts/payment-links';
import { SUBSCRIPTION_REQUIRED_MESSAGE } from '@shared/contracts/subscription';
import { expectNoSeriousAxeFindings } from './support/axe';
import { closeWithEscape } from './support/layers';
import { signInWithStoredSession } from './support/browser-session';
import { createMerchantReadyForPayments, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SIZE_ERROR = 'Size must be a whole number from 128 to 2048 px.';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const tab = (page: Page, name: 'Create Link' | 'Manage Links' | 'QR Generator') => page.getByRole('tab', { name });
const linkRow = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Your Payment Links' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { level: 3, name: title, exact: true }),
    });
const linkSelect = (page: Page) => page.getByLabel('Payment Link', { exact: true });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const createdDialog = (page: Page) => page.getByRole('dialog', { name: 'Payment Link Created!' });

async function attachScreenshot(testInfo: TestInfo, page: Page, name: string, { fullPage = true } = {}) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

async function openPaymentLinks(page: Page) {
  await page.goto('/dashboard/create-link');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Links & QR Codes' })).toBeVisible();
  await expect(tab(page, 'Create Link')).toHaveAttribute('aria-selected', 'true');
}

/** Submits the Create Link form and answers the link the API created. */
async function submitLink(page: Page): Promise<PaymentLink> {
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/me/links') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create Payment Link' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  return (await response.json()) as PaymentLink;
}

/** Waits `ms`, then lets the request through: long enough to see what the page draws meanwhile. */
/**
 * Holds every matching request until `release()`: a loading state stays on screen for as long as the test
 * looks at it, however slow the machine (a fixed delay can run out between two steps on a busy one).
 */
function heldUntilReleased() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    await released;
    await route.fallback();
  };
  return { handler, release };
}

async function chooseFromMenu(page: Page, title: string, item: string) {
  await linkRow(page, title)
    .getByRole('button', { name: `Actions for ${title}` })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Decodes the QR code in a PNG file back to its text. */
async function decodeQrPng(path: string): Promise<string | undefined> {
  const png = PNG.sync.read(await readFile(path));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

async function expectCheckMarkFor(button: Locator) {
  await expect(button.locator('svg.lucide-check')).toBeVisible();
  // …for 2 seconds, then the copy icon again.
  await expect(button.locator('svg.lucide-copy')).toBeVisible({ timeout: 4_000 });
}

test('a merchant creates a fixed and an open-amount link, shares them, manages them and downloads a QR code', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const merchant = await createMerchantReadyForPayments();
  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant);
  await openPaymentLinks(page);

  // The form checks with the shared schema and shows each message by its field.
  await page.getByRole('button', { name: 'Create Payment Link' }).click();
  await expect(page.getByLabel('Title')).toHaveAccessibleDescription('Title is required');
  await expect(page.getByLabel('Amount (NZD)')).toHaveAccessibleDescription('Amount is required');
  await page.getByLabel('Amount (NZD)').fill('0.20');
  // Tips start off; turned on, they offer 10, 15 and 20% (docs/decisions.md #205).
  await page.getByLabel('Offer tips').check();
  await expect(page.getByLabel('Tip 2 (%)')).toHaveValue('15');
  await page.getByLabel('Tip 1 (%)').fill('51');
  await page.getByRole('button', { name: 'Create Payment Link' }).click();
  await expect(page.getByLabel('Amount (NZD)')).toHaveAccessibleDescription('The amount must be at least NZ$0.50.');
  await expect(page.getByLabel('Tip 1 (%)')).toHaveAccessibleDescription(new RegExp(escapeRegExp(TIP_PRESET_MESSAGE)));
  await attachScreenshot(testInfo, page, 'create-errors-1280');
  await expectNoSeriousAxeFindings(page);
  // The list's own error (two tips the same) is no one box's: it is announced as it appears.
  await page.getByLabel('Tip 1 (%)').fill('15');
  await page.getByRole('button', { name: 'Create Payment Link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: TIP_PRESETS_REPEATED_MESSAGE })).toBeVisible();
  await page.getByLabel('Tip 1 (%)').fill('10');

  // A title pasted longer than a title can be is cut at the limit, and the counter says so.
  await page.getByLabel('Title').fill('Flat white '.repeat(15));
  await expect(page.getByText('100/100: the most it can hold')).toBeVisible();

  // A fixed-amount link; the button says it is busy while the API answers.
  await page.getByLabel('Title').fill('Flat white');
  await expect(page.getByText('10/100', { exact: true })).toBeVisible();
  await page.getByLabel('Description').fill('Oat milk, takeaway cup');
  await page.getByLabel('Amount (NZD)').fill('5.50');
  await page.getByLabel('Offer tips').uncheck();
  const createHeld = heldUntilReleased();
  await page.route('**/api/me/links', createHeld.handler);
  const flatWhiteCreated = submitLink(page);
  await expect(page.getByRole('button', { name: 'Creating...' })).toBeDisabled();
  createHeld.release();
  const flatWhite = await flatWhiteCreated;
  await page.unroute('**/api/me/links');
  expect(flatWhite).toMatchObject({ amountCents: 550, isOpenAmount: false, tipPercent: null, isActive: true });
  const flatWhiteUrl = `${baseURL}/p/${flatWhite.linkId}`;

  const dialog = createdDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'QR code for Flat white' })).toBeVisible();
  await expect(dialog.getByText('Flat white', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Oat milk, takeaway cup')).toBeVisible();
  await expect(dialog.getByText('$5.50', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/% tip$/)).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: 'Payment link' })).toHaveValue(flatWhiteUrl);
  await expect(page.getByLabel('Title')).toHaveValue('');

  const copyButton = dialog.getByRole('button', { name: 'Copy link' });
  await copyButton.click();
  await expect(toast(page, 'Copied!')).toContainText('Payment link copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(flatWhiteUrl);
  await expectCheckMarkFor(copyButton);

  const encodedUrl = encodeURIComponent(flatWhiteUrl);
  await expect(dialog.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.*${escapeRegExp(encodedUrl)}$`),
  );
  await expect(dialog.getByRole('link', { name: /Facebook/ })).toHaveAttribute(
    'href',
    `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`,
  );
  await expect(dialog.getByRole('link', { name: /X \/ Twitter/ })).toHaveAttribute(
    'href',
    new RegExp(`^https://twitter\\.com/intent/tweet\\?url=${escapeRegExp(encodedUrl)}&text=`),
  );
  const mailto = await dialog.getByRole('link', { name: 'Email' }).getAttribute('href');
  expect(mailto).toMatch(/^mailto:\?subject=Flat%20white&body=/);
  expect(decodeURIComponent(mailto!.split('body=')[1]!)).toContain(flatWhiteUrl);
  for (const name of [/WhatsApp/, /Facebook/, /X \/ Twitter/]) {
    await expect(dialog.getByRole('link', { name })).toHaveAttribute('target', '_blank');
  }

  await page.evaluate(() => navigator.clipboard.writeText(''));
  await dialog.getByRole('button', { name: 'Instagram' }).click();
  await expect(toast(page, 'Link copied for Instagram')).toContainText(
    'Paste this link in your Instagram bio or story',
  );
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(flatWhiteUrl);

  const viewPage = dialog.getByRole('link', { name: 'View Payment Page' });
  await expect(viewPage).toHaveAttribute('href', flatWhiteUrl);
  await expect(viewPage).toHaveAttribute('target', '_blank');
  await attachScreenshot(testInfo, page, 'created-dialog-1280', { fullPage: false });
  await expectNoSeriousAxeFindings(page);
  await page.setViewportSize(PHONE);
  await attachScreenshot(testInfo, page, 'created-dialog-390', { fullPage: false });
  await page.setViewportSize(DESKTOP);

  // Create Another closes the dialog and returns to an empty Create form.
  await dialog.getByRole('button', { name: 'Create Another' }).click();
  await expect(dialog).toBeHidden();
  await expect(tab(page, 'Create Link')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Title')).toBeFocused();

  // An open-amount link with tips of 12, 15 and 20%: the amount field goes away.
  await page.getByLabel('Title').fill('Koha');
  await page.getByLabel('Allow customers to enter their own amount').check();
  await expect(page.getByLabel('Amount (NZD)')).toHaveCount(0);
  await page.getByLabel('Offer tips').check();
  await page.getByLabel('Tip 1 (%)').fill('12');
  const koha = await submitLink(page);
  expect(koha).toMatchObject({ amountCents: null, isOpenAmount: true, tipPresets: [12, 15, 20], isActive: true });
  await expect(dialog.getByText('Open amount', { exact: true })).toBeVisible();
  await expect(dialog.getByText('12 / 15 / 20% tip', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  // The form is reset, open-amount flag included.
  await expect(page.getByLabel('Allow customers to enter their own amount')).not.toBeChecked();
  await expect(page.getByLabel('Amount (NZD)')).toHaveValue('');
  await attachScreenshot(testInfo, page, 'create-1280');

  // Manage lists both, newest first.
  await tab(page, 'Manage Links').click();
  const rows = page.getByRole('list', { name: 'Your Payment Links' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole('heading', { level: 3 })).toHaveText('Koha');
  await expect(rows.nth(1).getByRole('heading', { level: 3 })).toHaveText('Flat white');
  const kohaRow = linkRow(page, 'Koha');
  const flatWhiteRow = linkRow(page, 'Flat white');
  await expect(kohaRow.getByText('Active', { exact: true })).toBeVisible();
  await expect(kohaRow.getByText('Amount: Open amount')).toBeVisible();
  await expect(kohaRow.getByText('Tip: 12 / 15 / 20%')).toBeVisible();
  await expect(kohaRow.getByText(/^Created .+ ago$/)).toBeVisible();
  await expect(flatWhiteRow.getByText('Active', { exact: true })).toBeVisible();
  await expect(flatWhiteRow.getByText('Amount: $5.50')).toBeVisible();
  await expect(flatWhiteRow.getByText('Oat milk, takeaway cup')).toBeVisible();
  await expect(flatWhiteRow.getByText(/^Tip:/)).toHaveCount(0);
  await expect(flatWhiteRow.getByRole('link', { name: 'Open payment page for Flat white (new tab)' })).toHaveAttribute(
    'href',
    flatWhiteUrl,
  );
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await kohaRow.getByRole('button', { name: 'Copy link for Koha' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/p/${koha.linkId}`);
  await attachScreenshot(testInfo, page, 'manage-1280');
  await expectNoSeriousAxeFindings(page);

  // Deactivate: the menu item waits while the update is in flight, then the badge and a toast say so.
  const deactivateHeld = heldUntilReleased();
  await page.route(`**/api/me/links/${flatWhite.linkId}`, deactivateHeld.handler);
  await chooseFromMenu(page, 'Flat white', 'Deactivate');
  await flatWhiteRow.getByRole('button', { name: 'Actions for Flat white' }).click();
  await expect(page.getByRole('menuitem', { name: 'Deactivate' })).toHaveAttribute('aria-disabled', 'true');
  await closeWithEscape(page.getByRole('menu'));
  deactivateHeld.release();
  await expect(toast(page, 'Payment link deactivated successfully')).toBeVisible();
  await expect(flatWhiteRow.getByText('Inactive', { exact: true })).toBeVisible();
  await page.unroute(`**/api/me/links/${flatWhite.linkId}`);
  const publicAnswer = await page.request.get(`/api/links/${flatWhite.linkId}`);
  expect(publicAnswer.status()).toBe(404);

  await chooseFromMenu(page, 'Flat white', 'Activate');
  await expect(toast(page, 'Payment link activated successfully')).toBeVisible();
  await expect(flatWhiteRow.getByText('Active', { exact: true })).toBeVisible();
  await expect(kohaRow.getByText('Active', { exact: true })).toBeVisible();

  // Generate QR Code switches to the QR tab with the link chosen, and draws its code.
  await chooseFromMenu(page, 'Flat white', 'Generate QR Code');
  await expect(tab(page, 'QR Generator')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'QR Generator')).toBeFocused();
  await expect(linkSelect(page)).toHaveValue(flatWhite.linkId);
  await expect(linkSelect(page).locator('option:checked')).toHaveText('Flat white - $5.50');
  await expect(page.getByRole('img', { name: 'QR code for Flat white' })).toBeVisible();
  await expect(page.getByText('Scan the QR code to access the payment link')).toBeVisible();
  await expect(page.getByText('1024 × 1024 px')).toBeVisible();
  await expect(page.getByText(`${baseURL}/p/${flatWhite.linkId}`)).toBeVisible();
  await attachScreenshot(testInfo, page, 'qr-1280');
  await expectNoSeriousAxeFindings(page);

  // The PNG saved is named after the link and scans back to its address.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download QR Code' }).click();
  const download = await downloading;
  // The toast first: it goes after a few seconds, and decoding the 1024 px PNG below took longer than that on
  // a loaded machine.
  await expect(toast(page, 'QR code downloaded successfully!')).toBeVisible();
  expect(download.suggestedFilename()).toBe(`qr-code-${flatWhite.linkId}.png`);
  const savedAt = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(savedAt);
  expect(await decodeQrPng(savedAt)).toBe(flatWhiteUrl);
  const png = PNG.sync.read(await readFile(savedAt));
  // Print-ready by default.
  expect([png.width, png.height]).toEqual([1024, 1024]);

  // The size is checked, never clamped.
  const size = page.getByLabel('Size (px)');
  await size.fill('100');
  await expect(size).toHaveAccessibleDescription(SIZE_ERROR);
  await page.getByRole('button', { name: 'Generate QR Code' }).click();
  await expect(page.getByText('1024 × 1024 px')).toBeVisible();
  await size.fill('3000');
  await expect(size).toHaveAccessibleDescription(SIZE_ERROR);
  await attachScreenshot(testInfo, page, 'qr-size-error-1280');

  // Another link, size and colours.
  await size.fill('320');
  await expect(page.getByText(SIZE_ERROR)).toHaveCount(0);
  await linkSelect(page).selectOption({ label: 'Koha - Open amount' });
  await expect(page.getByText('Select a payment link to generate a QR code')).toHaveCount(0);
  await page.getByLabel('QR Color').fill('#0f766e');
  await page.getByRole('button', { name: 'Generate QR Code' }).click();
  await expect(page.getByRole('img', { name: 'QR code for Koha' })).toBeVisible();
  await expect(page.getByText('320 × 320 px')).toBeVisible();
  const kohaDownloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download QR Code' }).click();
  const kohaDownload = await kohaDownloading;
  expect(kohaDownload.suggestedFilename()).toBe(`qr-code-${koha.linkId}.png`);
  const kohaSavedAt = testInfo.outputPath(kohaDownload.suggestedFilename());
  await kohaDownload.saveAs(kohaSavedAt);
  expect(await decodeQrPng(kohaSavedAt)).toBe(`${baseURL}/p/${koha.linkId}`);

  // Every tab at phone width.
  await page.setViewportSize(PHONE);
  await attachScreenshot(testInfo, page, 'qr-390');
  await expectNoSeriousAxeFindings(page);
  await tab(page, 'Manage Links').click();
  await expect(rows).toHaveCount(2);
  await attachScreenshot(testInfo, page, 'manage-390');
  await expectNoSeriousAxeFindings(page);
  await tab(page, 'Create Link').click();
  await attachScreenshot(testInfo, page, 'create-390');
  await expectNoSeriousAxeFindings(page);
});

test('the tabs work from the keyboard', async ({ page }) => {
  const merchant = await createMerchantReadyForPayments();
  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant);
  await openPaymentLinks(page);

  await tab(page, 'Create Link').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Manage Links')).toBeFocused();
  await expect(tab(page, 'Manage Links')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: 'Your Payment Links' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'QR Generator')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: 'QR Code Settings' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Create Link')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Title')).toBeVisible();

  // The open tab is in the address, so other pages can link straight to the QR generator.
  await page.goto('/dashboard/create-link?tab=qr');
  await expect(tab(page, 'QR Generator')).toHaveAttribute('aria-selected', 'true');
  await tab(page, 'Manage Links').click();
  await expect(page).toHaveURL(/\/dashboard\/create-link\?tab=manage$/);
});

test('Manage Links draws its loading, empty and failed states, and the API refusing a form or a toggle', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const merchant = await createMerchantReadyForPayments();
  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant);

  // Loading: three placeholders, then the empty state; the QR selector says so too.
  const linksHeld = heldUntilReleased();
  await page.route('**/api/me/links', linksHeld.handler);
  await openPaymentLinks(page);
  await tab(page, 'Manage Links').click();
  await expect(page.getByTestId('link-placeholder')).toHaveCount(3);
  await expect(page.getByRole('status').filter({ hasText: 'Loading payment links...' })).toBeAttached();
  await attachScreenshot(testInfo, page, 'manage-loading-1280');
  await tab(page, 'QR Generator').click();
  await expect(linkSelect(page).locator('option:checked')).toHaveText('Loading...');
  linksHeld.release();
  await tab(page, 'Manage Links').click();
  await expect(page.getByText('No payment links created yet')).toBeVisible();
  await expect(page.getByText("Use the 'Create Link' tab to make your first one.")).toBeVisible();
  await expect(page.getByTestId('link-placeholder')).toHaveCount(0);
  await page.unroute('**/api/me/links');
  await attachScreenshot(testInfo, page, 'manage-empty-1280');
  await expectNoSeriousAxeFindings(page);
  await page.setViewportSize(PHONE);
  await attachScreenshot(testInfo, page, 'manage-empty-390');
  await tab(page, 'QR Generator').click();
  await expect(linkSelect(page)).toBeDisabled();
  await expect(linkSelect(page).locator('option:checked')).toHaveText('No links found');
  await expect(page.getByText('Select a payment link to generate a QR code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate QR Code' })).toBeDisabled();
  await attachScreenshot(testInfo, page, 'qr-empty-390');
  await expectNoSeriousAxeFindings(page);
  await page.setViewportSize(DESKTOP);

  // A failed load: a toast, and a card to try again.
  await page.route('**/api/me/links', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'internal_error', message: 'Something went wrong. Please try again.' }),
        })
      : route.fallback(),
  );
  await page.reload();
  await expect(toast(page, 'Failed to load payment links')).toBeVisible({ timeout: 15_000 });
  await tab(page, 'Manage Links').click();
  const failure = page.getByRole('tabpanel').getByRole('alert').filter({ hasText: 'Failed to load payment links' });
  await expect(failure).toContainText('Something went wrong. Please try again.');
  await attachScreenshot(testInfo, page, 'manage-failed-1280');
  await page.unroute('**/api/me/links');
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No payment links created yet')).toBeVisible();

  // The API's own field messages land on their fields; its message is the toast.
  await tab(page, 'Create Link').click();
  await page.route('**/api/me/links', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            code: 'invalid_request',
            message: 'Please check the highlighted fields.',
            fields: { amountCents: 'The amount can be at most NZ$100,000.00.' },
          }),
        })
      : route.fallback(),
  );
  await page.getByLabel('Title').fill('Catering deposit');
  await page.getByLabel('Amount (NZD)').fill('250');
  await page.getByRole('button', { name: 'Create Payment Link' }).click();
  await expect(toast(page, 'Please check the highlighted fields.')).toBeVisible();
  await expect(page.getByLabel('Amount (NZD)')).toHaveAccessibleDescription('The amount can be at most NZ$100,000.00.');
  await page.unroute('**/api/me/links');

  // A toggle the API refuses.
  const link = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Catering deposit',
    isOpenAmount: false,
    amountCents: 25_000,
  });
  await tab(page, 'Manage Links').click();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(linkRow(page, 'Catering deposit').getByText('Amount: $250.00')).toBeVisible();
  await page.route(`**/api/me/links/${link.linkId}`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'internal_error', message: 'Something went wrong. Please try again.' }),
    }),
  );
  await chooseFromMenu(page, 'Catering deposit', 'Deactivate');
  await expect(toast(page, 'Failed to update payment link status')).toBeVisible();
  await expect(linkRow(page, 'Catering deposit').getByText('Active', { exact: true })).toBeVisible();

  // …and one it refuses because the trial has ended says so in its own words.
  await page.unroute(`**/api/me/links/${link.linkId}`);
  await page.route(`**/api/me/links/${link.linkId}`, (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'subscription_required', message: SUBSCRIPTION_REQUIRED_MESSAGE }),
    }),
  );
  await chooseFromMenu(page, 'Catering deposit', 'Deactivate');
  await expect(toast(page, SUBSCRIPTION_REQUIRED_MESSAGE)).toBeVisible();
});
