/**
 * The Subscribers screen (issue 45, docs/decisions.md #155, #159): reached from the sidebar, outside the plan's
 * gate; with no subscribers yet it says so and offers nothing to download. Axe at 390 px and 1280 px. The
 * subscriber's story (weekly link, payer on a phone, the clock, cancel from the email) is recurring.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInWithStoredSession } from './support/browser-session';
import { createMerchantReadyForPayments } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`a merchant with no subscribers sees the empty screen at ${viewport.width} px`, async ({ page }) => {
    const merchant = await createMerchantReadyForPayments({ businessName: 'Kōwhai Yoga' });
    await page.setViewportSize(viewport);
    await signInWithStoredSession(page, merchant, '/dashboard');
    if (viewport.width < 1024) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Subscribers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeVisible();
    await expect(page.getByText('No subscribers yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    await expect(page.getByLabel('Link')).toHaveValue('');
    await expectNoSeriousAxeFindings(page);
  });
}
