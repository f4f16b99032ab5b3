/**
 * Every merchant screen fits a 390 px phone without sideways scrolling, with real data on it: a connected
 * merchant with a tipped payment and a link, as the dashboard home, Payment Links (each tab and the
 * created dialog), Transactions (and a payment's detail), Print Materials, Payment Templates and Settings
 * show them. The hosted Stripe pages are measured in sandbox-pages.spec.ts.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { CheckoutResponse } from '@shared/contracts/checkout';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { submitHostedForm } from '../support/stripe-sandbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { closeWithEscape } from './support/layers';
import { signInWithStoredSession } from './support/browser-session';
import { createMerchantReadyForPayments, e2eEnv, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });

const PHONE = { width: 390, height: 844 };

/** Pays the link on the sandbox's hosted Checkout with a tip; the success page's check settles it. */
async function payWithTip(linkId: string) {
  const checkout = await fetch(`${e2eEnv.baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId, tip: 'percent' }),
  });
  const { url } = (await checkout.json()) as CheckoutResponse;
  const answer = await submitHostedForm(url, {
    email: 'wiremu.parata.longer-address@example.co.nz',
    name: 'Wiremu Parata-Henare',
    card_number: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
  });
  expect(answer.status).toBe(303);
  const sessionId = new URL(answer.headers.get('location')!).searchParams.get('session_id')!;
  const verified = await fetch(`${e2eEnv.baseUrl}/api/checkout/${sessionId}`);
  expect(((await verified.json()) as { status: string }).status).toBe('succeeded');
}

/** The page is no wider than the phone, naming the elements that stick out when it is. */
async function expectFitsPhone(page: Page, screen: string, ready: Locator) {
  await expect(ready).toBeVisible();
  const info = test.info();
  await info.attach(`${screen} at 390`, {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
  const { scrollWidth, sticking } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    sticking: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120)),
  }));
  expect(scrollWidth, `${screen} is ${scrollWidth} px wide: ${sticking.join(' | ')}`).toBeLessThanOrEqual(PHONE.width);
}

test('every merchant screen fits a 390 px phone with real data on it', async ({ page }) => {
  const merchant = await createMerchantReadyForPayments({ businessName: 'Kōwhai Café & Roastery Limited' });
  const link = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Flat white with oat milk and an extra shot',
    isOpenAmount: false,
    amountCents: 123456,
    tipPercent: 10,
  });
  await payWithTip(link.linkId);
  // Subscribed, so the home shows the plan's card as a paying merchant sees it, below the setup checklist
  // (Stripe connected and a link made; the print step still to do).
  const plan = await merchantApi<{ url: string }>(merchant.token, 'POST', '/api/me/subscription/checkout');
  const subscribed = await submitHostedForm(plan.url, {
    email: merchant.email,
    name: 'Mere Tawhiri',
    card_number: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
  });
  expect(subscribed.status).toBe(303);
  await expect
    .poll(async () => (await merchantApi<{ plan: string }>(merchant.token, 'GET', '/api/me')).plan)
    .toBe('business');

  await page.setViewportSize(PHONE);
  await signInWithStoredSession(page, merchant);
  const recent = page.getByRole('region', { name: 'Recent Payments' });
  await expect(page.getByRole('region', { name: 'Set up your business' })).toContainText('2 of 4 done');
  await expect(page.getByRole('region', { name: 'Subscription' })).toBeVisible();
  await expectFitsPhone(page, 'dashboard home', recent.getByText('Wiremu Parata-Henare'));
  await expectNoSeriousAxeFindings(page);

  await page.goto('/dashboard/create-link');
  await expectFitsPhone(page, 'Create Link', page.getByLabel('Title'));
  await page.getByLabel('Title').fill('Long black');
  await page.getByLabel('Amount (NZD)').fill('4.50');
  await page.getByRole('button', { name: 'Create Payment Link' }).click();
  const created = page.getByRole('dialog', { name: 'Payment Link Created!' });
  await expectFitsPhone(page, 'the created dialog', created.getByRole('textbox', { name: 'Payment link' }));
  await expectNoSeriousAxeFindings(page);
  await closeWithEscape(created);
  await page.getByRole('tab', { name: 'Manage Links' }).click();
  await expectFitsPhone(page, 'Manage Links', page.getByText(link.title).first());
  await page.getByRole('tab', { name: 'QR Generator' }).click();
  await expectFitsPhone(page, 'QR Generator', page.getByRole('tabpanel', { name: 'QR Generator' }));

  await page.goto('/dashboard/transactions');
  // At this width the table becomes a list of cards, each the button that opens its detail.
  const card = page.getByRole('list', { name: 'Transaction History' }).getByRole('button', { name: /Wiremu/ });
  await expectFitsPhone(page, 'Transactions', card);
  await card.click();
  await expectFitsPhone(
    page,
    'the payment detail',
    page
      .getByRole('region', { name: /^Details of the payment for/ })
      .getByText('$1,358.02')
      .first(),
  );
  await expectNoSeriousAxeFindings(page);

  await page.goto('/dashboard/print-materials');
  await expectFitsPhone(page, 'Print Materials', page.getByRole('heading', { level: 1 }));
  await page.goto('/dashboard/payment-templates');
  await expectFitsPhone(page, 'Payment Templates', page.getByRole('heading', { level: 1 }));
  await page.goto('/dashboard/settings');
  // Team and Activity are the list card's rows (web/src/components/list-card.tsx), here with real ones in.
  await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem').first()).toBeVisible();
  await expectFitsPhone(page, 'Settings', page.getByRole('heading', { level: 1, name: 'Settings' }));
  await expectNoSeriousAxeFindings(page);
});
