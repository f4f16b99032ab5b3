/**
 * Payment requests (docs/decisions.md #79–#81): the merchant sends a request from a link's menu, the email
 * lands in the mailbox with a Pay button to the link carrying the request, the Requests screen shows it Sent,
 * and Cancel (confirmed) makes it Cancelled. Axe on the screen and the dialog at 390 px and 1280 px.
 */
import { expect, test } from '@playwright/test';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { linkIn, waitForEmail } from '../support/mailbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { signInWithStoredSession } from './support/browser-session';
import { createMerchantReadyForPayments, e2eEnv, merchantApi } from './support/merchant';
import { payOnCheckout } from './support/story-screens';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

test('a merchant sends a request from a link, the customer gets the email, and the request is cancelled', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const merchant = await createMerchantReadyForPayments({ businessName: 'Aroha Plumbing' });
  const link = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Call-out fee',
    description: null,
    isOpenAmount: false,
    amountCents: 12_000,
    tipPercent: 0,
  });
  const customer = `mere-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;

  await page.setViewportSize(DESKTOP);
  await signInWithStoredSession(page, merchant, '/dashboard/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  await expect(page.getByText('No payment requests yet')).toBeVisible();
  await expectNoSeriousAxeFindings(page);

  // From the link's menu on Manage Links.
  await page.goto('/dashboard/create-link');
  await page.getByRole('tab', { name: 'Manage Links' }).click();
  await page.getByRole('button', { name: 'Actions for Call-out fee' }).click();
  await page.getByRole('menuitem', { name: 'Send to a customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to a customer' });
  await expect(dialog.getByText('Amount: $120.00')).toBeVisible();
  await dialog.getByLabel("Customer's email").fill('not-an-email');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Enter a valid email address, like name@example.co.nz.')).toBeVisible();
  await dialog.getByLabel("Customer's email").fill(customer);
  await dialog.getByLabel("Customer's name (optional)").fill('Mere Tane');
  await dialog.getByLabel('Note (optional)').fill('Thanks for Tuesday — invoice 1042.');
  await dialog.getByLabel('Send one reminder if unpaid').check();
  await dialog.getByLabel('Days after sending').fill('5');
  await expectNoSeriousAxeFindings(page);
  await page.screenshot({ path: 'test-results/payment-requests-send-1280.png' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText(`Request sent to ${customer}`)).toBeVisible();
  await expect(dialog).toBeHidden();

  const email = await waitForEmail(e2eEnv.mailboxUrl, customer, { subject: /payment request/ });
  expect(email.subject).toBe('Aroha Plumbing sent you a payment request');
  expect(email.body.text).toContain('Thanks for Tuesday — invoice 1042.');
  expect(linkIn(email, `/p/${link.linkId}`).searchParams.get('request')).toMatch(/^req_/);

  await page.getByRole('link', { name: 'Requests' }).click();
  const row = page
    .getByRole('list', { name: 'Your payment requests' })
    .getByRole('listitem')
    .filter({ hasText: customer });
  await expect(row).toContainText('Mere Tane');
  await expect(row).toContainText('$120.00');
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/payment-requests-1280.png', fullPage: true });

  await page.setViewportSize(PHONE);
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousAxeFindings(page);
  await page.screenshot({ path: 'test-results/payment-requests-390.png', fullPage: true });

  await row.getByRole('button', { name: 'Cancel request to Mere Tane' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this request?' });
  await expect(confirm).toContainText('Mere Tane will not be reminded');
  await expectNoSeriousAxeFindings(page);
  await confirm.getByRole('button', { name: 'Cancel request' }).click();
  await expect(page.getByText('Request cancelled')).toBeVisible();
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Cancel request/ })).toHaveCount(0);
});

test("the customer pays from the email's Pay button: the amount is filled in and the request shows Paid", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const merchant = await createMerchantReadyForPayments({ businessName: 'Aroha Plumbing' });
  const link = await merchantApi<PaymentLink>(merchant.token, 'POST', '/api/me/links', {
    title: 'Pay your invoice',
    description: null,
    isOpenAmount: true,
    amountCents: null,
    tipPercent: 0,
  });
  const customer = `hemi-${crypto.randomUUID().slice(0, 8)}@example.co.nz`;
  await merchantApi(merchant.token, 'POST', '/api/me/requests', {
    linkId: link.linkId,
    amountCents: 1250,
    payerEmail: customer,
  });
  const email = await waitForEmail(e2eEnv.mailboxUrl, customer, { subject: /payment request/ });
  const pay = linkIn(email, `/p/${link.linkId}`);

  await page.setViewportSize(PHONE);
  await page.goto(`${pay.pathname}${pay.search}`);
  const amount = page.getByLabel(/Enter Amount/);
  await expect(amount).toHaveValue('12.50');
  await expect(amount).toBeEnabled();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await payOnCheckout(page, customer, 'Hemi Walker');

  // The success page settled the payment with Stripe before it said so, and the request with it (#80).
  const { requests } = await merchantApi<{ requests: { payerEmail: string; status: string; paymentId: string }[] }>(
    merchant.token,
    'GET',
    '/api/me/requests',
  );
  expect(requests.find((request) => request.payerEmail === customer)).toMatchObject({
    status: 'paid',
    paymentId: expect.stringMatching(/^pay_/),
  });
});
