/**
 * A payer pays by New Zealand bank debit on Stripe's hosted Checkout (the sandbox's): Checkout completes, the
 * money is with the bank for days, and both sides are told so honestly (docs/decisions.md #131) —
 * the payer's result page says "Payment Processing", not paid and not failed, and the merchant's
 * Transactions shows it Pending with what that means; the cancel address cannot undo it.
 */
import { expect, test } from '@playwright/test';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInWithStoredSession } from './support/browser-session';
import { createMerchantReadyForPayments, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });

test('a payer pays by bank debit and sees it processing; the merchant sees it pending in Transactions', async ({
  page,
}) => {
  const merchant = await createMerchantReadyForPayments({ businessName: 'Tūī Kayak Tours' });
  const link = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Harbour kayak tour',
    description: null,
    isOpenAmount: false,
    amountCents: 120_00,
    tipPercent: 0,
  });
  const payer = { email: `debit-${crypto.randomUUID().slice(0, 8)}@example.co.nz`, name: 'Mere Paki' };

  await page.goto(`/p/${link.linkId}`);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  // Stripe's Checkout offers the bank account beside the card for a one-off NZD payment.
  await expect(page.getByText('NZD $120.00')).toBeVisible();
  await page.getByLabel('Email').fill(payer.email);
  await page.getByLabel('Name on card').fill(payer.name);
  await page.getByRole('radio', { name: 'Bank account (NZ direct debit)' }).check();
  await page.getByLabel('Bank account number').fill('01-0123-0123456-00');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Processing' })).toBeVisible();
  await expect(page.getByText('Bank debits take up to two business days to clear.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment Confirmed!' })).toHaveCount(0);
  const details = page.getByRole('region', { name: 'Payment details' });
  await expect(details).toContainText('Amount$120.00');
  const paymentId = /Transaction ID(pay_[A-Za-z0-9_-]{16})/.exec((await details.textContent()) ?? '')![1]!;
  await expectNoSeriousAxeFindings(page);

  // The cancel address, opened now, cannot undo money on its way (docs/decisions.md #130).
  await page.goto(`/payment-canceled?payment_id=${paymentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Already Made' })).toBeVisible();
  await expect(page.getByText('Payment Canceled')).toHaveCount(0);

  await signInWithStoredSession(page, merchant, '/dashboard/transactions');
  const row = page
    .getByRole('table', { name: 'Transaction History' })
    .getByRole('row')
    .filter({ hasText: payer.email });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: /^Details/ }).click();
  const detail = page.getByRole('region', { name: /^Details of the payment for/ }).filter({ hasText: paymentId });
  await expect(detail).toContainText('ProcessingCheckout is complete and the money is on its way.');
  await expect(detail).toContainText('MethodBank debit (NZ)');
  await expectNoSeriousAxeFindings(page);
});
