/**
 * A person in two businesses switches between them (issue 46, docs/decisions.md #161): their own, and one they
 * joined as Staff. Everything the dashboard shows follows the switcher at once — the welcome's name, the recent
 * payments, the menu for the role — with nothing of the other business left on the page.
 */
import { expect, test } from '@playwright/test';
import { signInWithStoredSession } from './support/browser-session';
import { createConfirmedMerchant, createMerchantReadyForPayments } from './support/merchant';
import { joinBusiness, payTwentyDollars } from './support/team';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });

const run = crypto.randomUUID().slice(0, 8);

test('switching business shows the chosen one, and switching back shows their own @desktop-only', async ({ page }) => {
  test.setTimeout(90_000);
  const cafe = `Kōwhai Café ${run}`;
  const own = `Kai Cart ${run}`;
  const business = await createMerchantReadyForPayments({ businessName: cafe });
  await payTwentyDollars(business.token, `Flat white ${run}`, `payer-${run}@example.co.nz`);
  const person = await createConfirmedMerchant({ fullName: 'Aroha Ngata', businessName: own });
  await joinBusiness(business.token, person, 'staff');

  await signInWithStoredSession(page, person, '/dashboard');
  const welcome = page.getByRole('heading', { level: 1 });
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  const switcher = page.getByLabel('Business', { exact: true });
  const recent = page.getByRole('region', { name: 'Recent Payments' });
  await expect(welcome).toHaveText(`Welcome, ${own}`);
  await expect(page.getByText('Your role: Owner', { exact: true })).toBeVisible();

  await switcher.selectOption({ label: cafe });
  await expect(welcome).toHaveText(`Welcome, ${cafe}`);
  await expect(page.getByText('Your role: Staff', { exact: true })).toBeVisible();
  await expect(recent).toContainText(`Flat white ${run}`);
  await expect(menu.getByRole('link', { name: 'Settings' })).toHaveCount(0);

  await switcher.selectOption({ label: own });
  await expect(welcome).toHaveText(`Welcome, ${own}`);
  await expect(page.getByText('Your role: Owner', { exact: true })).toBeVisible();
  await expect(recent).not.toContainText(`Flat white ${run}`);
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();
});
