/**
 * A link with a payment limit of 1 (docs/decisions.md #58): one payer pays it, and the next payer to open
 * it is told it is sold out instead of being offered a Pay button.
 */
import { expect, test, type Page } from '@playwright/test';
import { type PaymentLink } from '@shared/contracts/payment-links';
import { LINK_SOLD_OUT_MESSAGE } from '@shared/payment-messages';
import { expectNoSeriousAxeFindings } from './support/axe';
import { createMerchantReadyForPayments, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

async function payOnCheckout(page: Page) {
  await page.getByLabel('Email').fill('first@example.co.nz');
  await page.getByLabel('Name on card').fill('First Payer');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

test('a link with a limit of 1: one payer pays, the next sees it sold out', async ({ browser }) => {
  const { token } = await createMerchantReadyForPayments({ businessName: 'Kōwhai Pottery' });
  const link = await merchantApi<PaymentLink>(token, 'POST', '/api/me/links', {
    title: 'Saturday wheel class',
    description: null,
    isOpenAmount: false,
    amountCents: 8500,
    tipPercent: null,
    maxPayments: 1,
  });

  const first = await browser.newPage();
  await first.goto(`/p/${link.linkId}`);
  await first.getByRole('button', { name: 'Pay Now' }).click();
  await payOnCheckout(first);
  await expect(first.getByRole('heading', { level: 1, name: 'Payment Confirmed!' })).toBeVisible();

  const next = await browser.newPage();
  await next.goto(`/p/${link.linkId}`);
  await expect(next.getByText(LINK_SOLD_OUT_MESSAGE)).toBeVisible();
  await expect(next.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await expectNoSeriousAxeFindings(next);
});
