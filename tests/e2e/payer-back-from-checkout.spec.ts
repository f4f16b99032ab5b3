/**
 * A payer who leaves Stripe's Checkout with the browser's Back button (to check the price, to start over) and taps
 * Pay Now again reaches Checkout again. One client holds only its share of a link's places (docs/decisions.md
 * #168) — one place on a link of up to 7 — so the Checkout they left would otherwise hold their share for up to
 * 15 minutes and the page would answer "Too many checkouts are open on this link from your network". The page
 * gives back the Checkout it opened before opening another (docs/decisions.md #241).
 */
import { expect, test } from '@playwright/test';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { createMerchantReadyForPayments, merchantApi } from './support/merchant';
import { payOnCheckout } from './support/story-screens';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

test('a payer goes back from Checkout, taps Pay Now again, reaches Checkout and pays @desktop-only', async ({
  page,
}) => {
  const { token } = await createMerchantReadyForPayments({ businessName: 'Kōwhai Pottery' });
  const link = await merchantApi<PaymentLink>(token, 'POST', '/api/me/links', {
    title: 'Saturday wheel class',
    isOpenAmount: false,
    amountCents: 8500,
    maxPayments: 6,
  });

  await page.goto(`/p/${link.linkId}`);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await page.goBack();

  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await payOnCheckout(page, 'wheel-class@example.co.nz', 'Hemi Walker');

  // One sold: the Checkout left behind was given back, not paid as well.
  const { links } = await merchantApi<{ links: PaymentLink[] }>(token, 'GET', '/api/me/links');
  expect(links.find((each) => each.linkId === link.linkId)?.soldCount).toBe(1);
});
