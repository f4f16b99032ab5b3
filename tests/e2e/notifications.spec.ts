/**
 * Settings → Email notifications (docs/decisions.md #93, #172): 'Email me when a payment is received' and 'Email
 * each customer their receipt' are on for a new merchant, each turned off with a click, and stay off after a
 * reload; axe at a phone's and a laptop's width. Contact for your customers (#243): the email replies go to and
 * the phone, refused in words when wrong, kept after a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInWithStoredSession } from './support/browser-session';
import { createConfirmedMerchant } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('a merchant turns the payment email off and on again in Settings', async ({ page }) => {
  const merchant = await createConfirmedMerchant();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithStoredSession(page, merchant, '/dashboard/settings');

  const card = page.getByRole('region', { name: 'Email notifications' });
  const box = card.getByRole('checkbox', { name: 'Email me when a payment is received' });
  await expect(box).toBeChecked();
  await expect(card.getByText(`One email to ${merchant.email} for each payment`)).toBeVisible();
  await expectNoSeriousAxeFindings(page);

  await box.click();
  await expect(toast(page, 'Payment emails off')).toBeVisible();
  await expect(box).not.toBeChecked();
  await page.reload();
  await expect(box).not.toBeChecked();

  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousAxeFindings(page);
  await box.click();
  await expect(toast(page, 'Payment emails on')).toBeVisible();
  await page.reload();
  await expect(box).toBeChecked();
});

test('a merchant turns customer receipts off, and only that choice changes', async ({ page }) => {
  const merchant = await createConfirmedMerchant();
  await signInWithStoredSession(page, merchant, '/dashboard/settings');
  const card = page.getByRole('region', { name: 'Email notifications' });
  const receipts = card.getByRole('checkbox', { name: 'Email each customer their receipt' });
  const payments = card.getByRole('checkbox', { name: 'Email me when a payment is received' });
  // On by default (docs/decisions.md #172).
  await expect(receipts).toBeChecked();

  await receipts.click();
  await expect(toast(page, 'Customer receipts off')).toBeVisible();
  await page.reload();
  await expect(receipts).not.toBeChecked();
  await expect(payments).toBeChecked();
  await expectNoSeriousAxeFindings(page);
});

test('a café gives its customers an email for replies and a phone of its own', async ({ page }) => {
  const merchant = await createConfirmedMerchant();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithStoredSession(page, merchant, '/dashboard/settings');

  await expect(page.getByRole('heading', { level: 2, name: 'Contact for your customers' })).toBeVisible();
  // The card's fields and button, each the only one of its name on Settings.
  const card = page.getByRole('main');
  const email = card.getByLabel('Email for replies');
  await expect(email).toHaveValue('');
  await expect(email).toHaveAccessibleDescription(
    `Leave it empty to use the email you sign in with (${merchant.email}).`,
  );
  await email.fill('hello at kowhaicafe');
  await card.getByRole('button', { name: 'Save contact' }).click();
  await expect(email).toHaveAccessibleDescription(/Enter an email address your customers can reply to/);

  await email.fill('hello@kowhaicafe.co.nz');
  await card.getByLabel('Phone (optional)').fill('04 801 1234');
  await card.getByRole('button', { name: 'Save contact' }).click();
  await expect(toast(page, 'Contact saved')).toBeVisible();
  await expectNoSeriousAxeFindings(page);
  await email.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/settings-customer-contact-390.png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.reload();
  await expect(email).toHaveValue('hello@kowhaicafe.co.nz');
  await expect(card.getByLabel('Phone (optional)')).toHaveValue('04 801 1234');
});

test('a failed re-read of the profile leaves Settings on screen, not an error card', async ({ page }) => {
  const merchant = await createConfirmedMerchant();
  await signInWithStoredSession(page, merchant, '/dashboard/settings');
  const box = page
    .getByRole('region', { name: 'Email notifications' })
    .getByRole('checkbox', { name: 'Email me when a payment is received' });
  await expect(box).toBeChecked();

  // Saving re-reads the profile (as a push re-reads every query); that read and its two retries fail.
  let failedReads = 0;
  const allReadsFailed = new Promise<void>((resolve) => {
    void page.route('**/api/me', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'unavailable', message: 'Service unavailable' }),
      });
      if (++failedReads === 3) resolve();
    });
  });
  await box.click();
  await expect(toast(page, 'Payment emails off')).toBeVisible();
  await allReadsFailed;
  // Two frames: React has drawn whatever the failed read changed.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

  await expect(page.getByText('Unable to load profile')).toHaveCount(0);
  await expect(box).not.toBeChecked();
});
