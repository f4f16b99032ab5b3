/**
 * GST receipts (docs/decisions.md #64, #65, #66): the merchant turns on GST in Settings → Tax (a wrong
 * check digit is refused under the field), a payer pays $230 and gets a receipt — by email and on the
 * /r page — with the GST number and "includes GST $30.00"; the merchant refunds $23 and the payer gets
 * supply correction information showing GST $3.00. axe at 1280 and 390 px on the new screens.
 */
import { expect, test, type Page } from '@playwright/test';
import type { CheckoutResponse } from '@shared/contracts/checkout';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { waitForEmail } from '../support/mailbox';
import { submitHostedForm } from '../support/stripe-sandbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInThroughLoginPage } from './support/browser-session';
import { createMerchantReadyForPayments, e2eEnv, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });

const run = crypto.randomUUID().slice(0, 8);
const payer = { email: `mere-${run}@example.co.nz`, name: 'Mere Walker' };

/** axe at both widths, ending at 390 px. */
async function bothWidths(page: Page) {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeFindings(page);
  }
}

test('GST on: a $230 receipt shows the GST number and the GST; a $23 refund sends a correction of $3.00', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const merchant = await createMerchantReadyForPayments({ businessName: 'Kōwhai Catering' });
  const link = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Catering platter',
    description: null,
    isOpenAmount: false,
    amountCents: 23_000,
    tipPercent: null,
  });

  // Settings → Tax: registered, a mistyped number refused under the field, then the right one saved.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughLoginPage(page, merchant);
  await page.goto('/dashboard/settings');
  await page.getByLabel('I am registered for GST').check();
  const gstNumber = page.getByLabel('GST number');
  await gstNumber.fill('136-410-133');
  await page.getByLabel('Legal or trading name').fill('Kōwhai Catering Limited');
  await page.getByRole('button', { name: 'Save tax settings' }).click();
  await expect(
    page.getByText('That GST number’s last digit does not match the others.', { exact: false }),
  ).toBeVisible();
  await expect(gstNumber).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('No New Zealand ruling settles whether a tip', { exact: false })).toBeVisible();
  await bothWidths(page);
  await gstNumber.fill('49-091-850');
  await page.getByRole('button', { name: 'Save tax settings' }).click();
  await expect(page.getByText('Tax settings saved')).toBeVisible();

  // The payer pays $230 on the sandbox's Checkout and lands on the success page.
  const checkout = await fetch(`${e2eEnv.baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId: link.linkId, tip: 'none' }),
  });
  const { url, paymentId } = (await checkout.json()) as CheckoutResponse;
  const paid = await submitHostedForm(url, {
    email: payer.email,
    name: payer.name,
    card_number: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
  });
  expect(paid.status).toBe(303);
  await page.goto(paid.headers.get('location')!);

  // The receipt by email, from the success page's own button.
  await page.getByRole('button', { name: 'Email Receipt' }).click();
  await page.getByRole('dialog', { name: 'Email Receipt' }).getByRole('button', { name: 'Send Receipt' }).click();
  const receipt = await waitForEmail(e2eEnv.mailboxUrl, payer.email, { subject: /Your receipt/ });
  expect(receipt.body.text).toContain('GST number: 49-091-850');
  expect(receipt.body.text).toContain('The total includes GST $30.00');

  // The receipt page, from the success page's link.
  await expect(page.getByRole('dialog', { name: 'Email Receipt' })).toBeHidden();
  await page.getByRole('link', { name: 'View or print receipt' }).click();
  await expect(page.getByRole('heading', { name: 'Kōwhai Catering Limited' })).toBeVisible();
  await expect(page.getByText('49-091-850')).toBeVisible();
  await expect(page.getByText('The total includes GST $30.00')).toBeVisible();
  await bothWidths(page);

  // The merchant refunds $23: the payer gets the refund notice with its supply correction.
  const refund = await fetch(`${e2eEnv.baseUrl}/api/me/payments/${paymentId}/refunds`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${merchant.token}`,
      'content-type': 'application/json',
      'idempotency-key': `gst-e2e-${run}`,
    },
    body: JSON.stringify({ amountCents: 2_300, reason: 'requested_by_customer' }),
  });
  expect(refund.status).toBe(201);
  const correction = await waitForEmail(e2eEnv.mailboxUrl, payer.email, {
    subject: /refunded \$23\.00/,
    timeoutMs: 15_000,
  });
  expect(correction.body.text).toContain('GST correction: -$3.00');
  expect(correction.body.text).toContain('GST number: 49-091-850');
  await page.reload();
  await expect(page.getByText('GST corrected by $3.00')).toBeVisible();
});
