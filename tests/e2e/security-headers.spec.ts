/**
 * The built app under the CSP CloudFront sends, which the local gateway now sends too (docs/decisions.md
 * #70): the main pages — public (the prerendered ones too), payer (with the receipt dialog) and merchant —
 * load, work and report no `securitypolicyviolation`.
 */
import { expect, test, type Page } from '@playwright/test';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { signInWithStoredSession } from './support/browser-session';
import { createMerchantReadyForPayments, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

/** Collects every CSP violation the page reports, from its first script on, across navigations. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = JSON.parse(sessionStorage.getItem('csp-violations') ?? '[]') as string[];
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} at ${location.pathname}`);
      sessionStorage.setItem('csp-violations', JSON.stringify(seen));
    });
  });
  return async () => JSON.parse((await page.evaluate(() => sessionStorage.getItem('csp-violations'))) ?? '[]');
}

test('the main pages run under the CSP without a violation', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await recordViolations(page);
  const merchant = await createMerchantReadyForPayments({ businessName: 'Kōwhai Coffee Cart' });
  const link = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Long black',
    description: null,
    isOpenAmount: false,
    amountCents: 450,
    tipPercent: 10,
  });

  const landing = await page.goto('/');
  expect(landing!.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('link', { name: 'Start Free Trial' }).first()).toBeVisible();
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A prerendered legal page (its stylesheet inlined), then the app it starts, which runs its links.
  const support = await page.goto('/support');
  expect(support!.headers()['content-security-policy']).toContain("script-src 'self'");
  await page.keyboard.press('Tab');
  await page
    .getByRole('navigation', { name: 'Legal and support' })
    .getByRole('link', { name: 'Privacy Policy' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();

  // The payer: the server-rendered page, Checkout (the sandbox, its own origin), the success page and the
  // receipt dialog, sent.
  const payerPage = await page.goto(`/p/${link.linkId}`);
  expect(payerPage!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByLabel('Email').fill('csp-payer@example.co.nz');
  await page.getByLabel('Name on card').fill('Aroha Ngata');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Confirmed!' })).toBeVisible();
  await page.getByRole('button', { name: 'Email Receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email Receipt' });
  await dialog.getByRole('button', { name: 'Send Receipt' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Receipt Sent' })).toBeVisible();
  expect(await violations()).toEqual([]);

  // The merchant: sign in, the dashboard, Transactions, links, settings.
  await signInWithStoredSession(page, merchant);
  for (const [path, heading] of [
    ['/dashboard/transactions', 'Transactions'],
    ['/dashboard/settings', 'Settings'],
    ['/dashboard/create-link', /Link/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  expect(await violations()).toEqual([]);
});
