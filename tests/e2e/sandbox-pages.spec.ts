/**
 * The Stripe sandbox's hosted pages on a 390 px phone, as payers and merchants open them from Paylink:
 * Checkout (and its declined-card screen), the receipt, the merchant's dashboard stand-in, Connect
 * onboarding, the plan's Checkout with its free trial, and the billing portal. Each fits the phone's width
 * (nothing scrolls sideways) and passes axe.
 */
import { expect, test, type Page } from '@playwright/test';
import type { CheckoutResponse } from '@shared/contracts/checkout';
import type { PaymentLink } from '@shared/contracts/payment-links';
import type { PaymentDetail } from '@shared/contracts/payments';
import { expectNoSeriousAxeFindings } from './support/axe';
import {
  createConfirmedMerchant,
  createMerchantReadyForPayments,
  e2eEnv,
  merchantAccessToken,
  merchantApi,
} from './support/merchant';

const PHONE = { width: 390, height: 844 };
// Some businesses trade under their web address: one long word that must wrap in Checkout's heading.
const BUSINESS = 'kowhaicoffeecartandcatering.co.nz';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, viewport: PHONE });

async function expectFitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousAxeFindings(page);
}

async function fillCard(page: Page, card: string) {
  await page.getByLabel('Email').fill('aroha@example.co.nz');
  await page.getByLabel('Name on card').fill('Aroha Ngata');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

test('a payer’s Checkout, its declined-card screen, the receipt and the dashboard stand-in fit a phone', async ({
  page,
}) => {
  const merchant = await createMerchantReadyForPayments({ businessName: BUSINESS });
  const link = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Flat white and a muffin',
    description: null,
    isOpenAmount: false,
    amountCents: 2500,
    tipPercent: 10,
  });
  const started = await fetch(`${e2eEnv.baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId: link.linkId, tip: 'none' }),
  });
  const { url, paymentId } = (await started.json()) as CheckoutResponse;

  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: BUSINESS })).toBeVisible();
  await expect(page.getByText('NZD $25.00')).toBeVisible();
  await expectFitsPhone(page);

  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await expectFitsPhone(page);

  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Confirmed!' })).toBeVisible();
  const payment = await merchantApi<PaymentDetail>(merchant.token, 'GET', `/api/me/payments/${paymentId}`);
  await page.goto(payment.receiptUrl!);
  await expect(page.getByRole('heading', { level: 1, name: /^Receipt ch_/ })).toBeVisible();
  await expectFitsPhone(page);

  // The merchant's 'View in Stripe' stand-in, with its refunds table, fits too.
  await page.goto(payment.stripeDashboardUrl!);
  await expect(page.getByRole('heading', { level: 1, name: /^Payment pi_/ })).toBeVisible();
  await expectFitsPhone(page);
});

test('a merchant’s Connect onboarding, plan Checkout with its trial, and billing portal fit a phone', async ({
  page,
}) => {
  const token = await merchantAccessToken(await createConfirmedMerchant({ businessName: BUSINESS }));

  const onboarding = await merchantApi<{ url: string }>(token, 'POST', '/api/me/stripe/connect');
  await page.goto(onboarding.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Connect your Stripe account' })).toBeVisible();
  await expect(page.getByLabel('Public business name')).toHaveValue(BUSINESS);
  await expectFitsPhone(page);

  const plan = await merchantApi<{ url: string }>(token, 'POST', '/api/me/subscription/checkout');
  await page.goto(plan.url);
  await expect(page.getByText(/^Free until \d{1,2} \w+ \d{4}, then NZD \$\d+\.\d{2} every month$/)).toBeVisible();
  await expect(page.getByText('Total due today NZD $0.00')).toBeVisible();
  await expectFitsPhone(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/dashboard\?subscription=success$/);

  const portal = await merchantApi<{ url: string }>(token, 'POST', '/api/me/subscription/portal');
  await page.goto(portal.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage your subscription' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel at period end' })).toBeVisible();
  await expectFitsPhone(page);
});
