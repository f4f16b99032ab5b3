import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeFindings } from './support/axe';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the landing page opens (${viewport.name})`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/');
    await expect(page).toHaveTitle(/Paylink/);
    await expect(page.getByRole('link', { name: /start free trial/i }).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`landing-${viewport.width}.png`), fullPage: true });
    await expectNoSeriousAxeFindings(page);
  });
}

test('an unknown path shows the 404 page, and Return to Home goes home', async ({ page }, testInfo) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('not-found.png') });
  await expectNoSeriousAxeFindings(page);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-out visitor to the dashboard is sent to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the API answers on the same origin as the app', async ({ page }) => {
  await page.goto('/');
  const health = await page.evaluate(() => fetch('/api/health').then((response) => response.json()));
  expect(health).toMatchObject({ status: 'ok', service: 'Paylink' });
});
