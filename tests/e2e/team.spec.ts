/**
 * A business with staff (issue 46, docs/decisions.md #161), as two people click it: the owner, at a desk,
 * invites Aroha as Staff from Settings → Team; Aroha joins from the email on her phone, creates a link, and
 * sees neither Payouts nor a way to refund (the page says why); the owner's Activity names her as the link's
 * maker. The owner makes her a Manager and she refunds; the owner removes her, and her open tab of the
 * business is signed out without her doing anything.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { waitForEmail } from '../support/mailbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { closeWithEscape } from './support/layers';
import { signInWithStoredSession } from './support/browser-session';
import { createConfirmedMerchant, createMerchantReadyForPayments, e2eEnv } from './support/merchant';
import { payTwentyDollars as payForNewLink } from './support/team';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });

const run = crypto.randomUUID().slice(0, 8);

/** A payer pays $20.00 for a new link of the business. */
const payTwentyDollars = (token: string, title = `Hāngī plate ${run}`) =>
  payForNewLink(token, title, `payer-${run}@example.co.nz`);

test('the owner invites staff, promotes them to Manager, then removes them @desktop-only', async ({
  page: owner,
  browser,
}) => {
  test.setTimeout(150_000);
  const business = await createMerchantReadyForPayments({ businessName: `Kauri Kitchen ${run}` });
  await payTwentyDollars(business.token);
  const aroha = await createConfirmedMerchant({ fullName: 'Aroha Ngata' });

  // The owner invites Aroha as Staff.
  await signInWithStoredSession(owner, business, '/dashboard/settings');
  const team = owner.getByRole('region', { name: 'Team', exact: true });
  await team.getByLabel('Their email', { exact: true }).fill(aroha.email);
  await team.getByLabel('Role', { exact: true }).selectOption({ label: 'Staff' });
  await team.getByRole('button', { name: 'Send invitation' }).click();
  await expect(team.getByRole('status')).toHaveText(`Invitation sent to ${aroha.email}.`);
  const pending = team.getByRole('region', { name: 'Pending invitations' });
  await expect(pending).toContainText(aroha.email);
  await expectNoSeriousAxeFindings(owner);
  // She cannot find the email: the owner sends it again, and the page says so.
  await waitForEmail(e2eEnv.mailboxUrl, aroha.email, { subject: /^Join Kauri Kitchen/ });
  await pending.getByRole('button', { name: 'Resend' }).click();
  await expect(pending.getByRole('status')).toHaveText(
    `Invitation sent again to ${aroha.email}: the earlier link no longer works.`,
  );

  // Aroha, on her phone, opens the newer email's link signed in as herself and joins.
  const email = await waitForEmail(e2eEnv.mailboxUrl, aroha.email, { subject: /^Join Kauri Kitchen/, count: 2 });
  const joinUrl = /https?:\/\/\S+\/join#[\w-]+/.exec(email.body.text ?? '')![0];
  const phone = await browser.newContext({
    baseURL: e2eEnv.baseUrl,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    timezoneId: 'Pacific/Auckland',
  });
  const staff = await phone.newPage();
  await signInWithStoredSession(staff, aroha, '/dashboard');
  await staff.goto(new URL(joinUrl).pathname + new URL(joinUrl).hash);
  await expect(staff.getByRole('status').filter({ hasText: 'You joined as Staff.' })).toBeVisible();
  await expectNoSeriousAxeFindings(staff);

  // She creates a link for the business.
  await staff.goto('/dashboard/create-link');
  await staff.getByLabel('Title').fill(`Kūmara chips ${run}`);
  await staff.getByLabel('Amount (NZD)').fill('6');
  const created = staff.waitForResponse(
    (response) => response.url().endsWith('/api/me/links') && response.request().method() === 'POST',
  );
  await staff.getByRole('button', { name: 'Create Payment Link' }).click();
  expect((await created).status()).toBe(201);
  const done = staff.getByRole('dialog', { name: 'Payment Link Created!' });
  await closeWithEscape(done);

  // The owner's Activity names her (docs/decisions.md #195), for everyone and when filtered by her, and its
  // CSV download says the same.
  await owner.reload();
  const activity = owner.getByRole('region', { name: 'Activity', exact: true });
  const createdByAroha = `Aroha Ngata created the link 'Kūmara chips ${run}'`;
  await expect(activity.getByRole('list', { name: 'Recent activity' }).getByRole('listitem').first()).toContainText(
    createdByAroha,
  );
  await activity.getByLabel('Person').selectOption({ label: 'Aroha Ngata' });
  // Only hers: the link, and before it her joining.
  const hers = activity.getByRole('list', { name: 'Recent activity' }).getByRole('listitem');
  await expect(hers).toHaveCount(2);
  await expect(hers.nth(0)).toContainText(createdByAroha);
  await expect(hers.nth(1)).toContainText('Aroha Ngata joined the team as Staff');
  const download = owner.waitForEvent('download');
  await activity.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^paylink-activity-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(await readFile((await file.path())!, 'utf8')).toContain(createdByAroha);
  await expectNoSeriousAxeFindings(owner);

  // Payouts and Settings are not in her menu, and the menu says why.
  await staff.getByRole('button', { name: 'Open menu' }).click();
  const menu = staff.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Transactions' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Payouts' })).toHaveCount(0);
  await expect(menu).toContainText("As Staff you don't see Subscribers, Payouts or Settings");
  await menu.getByRole('link', { name: 'Transactions' }).click();

  // A payment arriving at the business reaches her open dashboard too (docs/decisions.md #196).
  await expect(staff.getByRole('status').filter({ hasText: /^Live\b/ })).toBeVisible();
  await payTwentyDollars(business.token, `Kawakawa tea ${run}`);
  await expect(staff.locator('[data-sonner-toast]').filter({ hasText: 'Payment received' })).toContainText('$20.00');

  // The payment's detail offers her no refund, and says why.
  // On a phone each payment is a card, itself the button that opens its detail.
  const details = staff.getByRole('button', { name: /Hāngī plate/ });
  await details.click();
  const detail = staff.getByRole('region', { name: /^Details of the payment for Hāngī plate/ });
  await expect(detail).toContainText('Refunds and sending a receipt again need a Manager or Owner (your role: Staff).');
  await expect(detail.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);

  // The owner makes her a Manager; on her next look she refunds $5.00.
  await owner.reload();
  await team.getByLabel('Role of Aroha Ngata').selectOption({ label: 'Manager' });
  await expect(team.getByLabel('Role of Aroha Ngata')).toHaveValue('manager');
  await staff.reload();
  await details.click();
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = staff.getByRole('dialog');
  await dialog.getByLabel('Amount (NZD)').fill('5');
  await dialog.getByRole('button', { name: 'Refund $5.00' }).click();
  await expect(detail).toContainText('Partially refunded');
  await expect(detail.getByRole('list', { name: 'Refunds of this payment' })).toContainText(
    'Refunded $5.00 by Aroha Ngata',
  );

  // The owner removes her: her open tab is signed out without her doing anything, and the sign-in page says why. The removal tells her live
  // connection to the business (docs/decisions.md #197); the tab reads again, which the server now refuses.
  await team.getByRole('button', { name: 'Remove Aroha Ngata' }).click();
  await expect(team.getByLabel('Role of Aroha Ngata')).toHaveCount(0);
  await expect(staff).toHaveURL(/\/login/);
  await expect(
    staff.getByRole('status').filter({ hasText: 'You are no longer a member of that business' }),
  ).toBeVisible();
  await phone.close();
});
