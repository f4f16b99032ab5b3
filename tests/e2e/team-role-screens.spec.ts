/**
 * What each role is shown (issue 46, docs/decisions.md #161): the server refuses a Staff member's refund, a
 * link's change or a request's cancelling, and the owner's pages; the web app must not offer them either, and
 * says why where a thing is hidden. A Staff member opening Payouts, Settings or Subscribers by its address is told
 * whose page it is — not "check your connection", and not the owner's profile and team. A Manager opens
 * Subscribers but not the owner's pages. Neither is offered the owner's Stripe dashboard.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInWithStoredSession } from './support/browser-session';
import { createConfirmedMerchant, createMerchantReadyForPayments, merchantApi } from './support/merchant';
import { joinBusiness, payTwentyDollars } from './support/team';
import { expectNoSeriousAxeFindings } from './support/axe';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });

const run = crypto.randomUUID().slice(0, 8);

/** The browser acts for the business the switcher chose (web/src/lib/current-business.ts keeps it). */
async function actFor(page: Page, businessId: string) {
  await page.evaluate((id) => localStorage.setItem('paylink.business', id), businessId);
}

async function expectRefusedPage(page: Page, path: string, heading: string, role: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByText(`Your role in this business is ${role}. Ask an owner if you need it.`)).toBeVisible();
  await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
}

test('Staff are offered only what Staff may do, and told why; a Manager opens Subscribers @desktop-only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const business = await createMerchantReadyForPayments({ businessName: `Tōtara Tearooms ${run}` });
  const link = await payTwentyDollars(business.token, `Scone ${run}`, `payer-${run}@example.co.nz`);
  await merchantApi(business.token, 'POST', '/api/me/requests', {
    linkId: link.linkId,
    payerEmail: `customer-${run}@example.co.nz`,
    payerName: 'Hemi Customer',
  });
  const staff = await createConfirmedMerchant({ fullName: 'Aroha Ngata', businessName: `Own ${run}` });
  const businessId = await joinBusiness(business.token, staff, 'staff');

  await signInWithStoredSession(page, staff, '/dashboard');
  await actFor(page, businessId);

  // The home: the menu leaves out what is not hers and says so; the plan is the owner's, so no plan card
  // (docs/decisions.md #282; team-home.spec.ts is the home's own story).
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, Tōtara Tearooms ${run}`);
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toContainText(
    "As Staff you don't see Subscribers, Payouts or Settings",
  );
  // Setting the business up (Stripe, tax) is the owner's: no checklist of steps she cannot take.
  await expect(page.getByRole('heading', { name: 'Recent Payments' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Subscription' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upgrade to Business' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Set up your business' })).toHaveCount(0);

  // The owner's pages and the manager's, opened by their address.
  await expectRefusedPage(page, '/dashboard/settings', "This page is for the business's owner", 'Staff');
  await expect(page.getByText('Profile Settings')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Account' })).toHaveCount(0);
  await expectNoSeriousAxeFindings(page);
  await expectRefusedPage(page, '/dashboard/payouts', "This page is for the business's owner", 'Staff');
  await expectRefusedPage(page, '/dashboard/subscribers', 'This page needs a Manager or Owner', 'Staff');

  // The link: no change offered, and the menu says why; a QR code still is.
  await page.goto('/dashboard/create-link');
  await page.getByRole('tab', { name: 'Manage Links' }).click();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Scone ${run}` }) });
  await expect(row.getByRole('button', { name: `Actions for Scone ${run}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Edit expiry: Scone ${run}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Actions for Scone ${run}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Generate QR Code' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Deactivate' })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'Edit link settings' })).toHaveCount(0);
  await expect(menu).toContainText('needs a Manager or Owner (your role: Staff)');
  await page.keyboard.press('Escape');

  // The request: sent, not cancellable by her, and the list says why.
  await page.goto('/dashboard/requests');
  await expect(page.getByText('Hemi Customer')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cancel request/ })).toHaveCount(0);
  await expect(page.getByText('Cancelling a request needs a Manager or Owner (your role: Staff).')).toBeVisible();

  // The payment: neither a refund nor a receipt sent again, and the detail says why.
  await page.goto('/dashboard/transactions');
  await page
    .getByRole('button', { name: /^Details/ })
    .first()
    .click();
  const detail = page.getByRole('region', { name: new RegExp(`^Details of the payment for Scone ${run}`) });
  await expect(detail).toContainText('Refunds and sending a receipt again need a Manager or Owner (your role: Staff).');
  await expect(detail.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Resend receipt' })).toHaveCount(0);
  // Stripe's dashboard is the owner's account (docs/decisions.md #268): no link into it, and one sentence why.
  await expect(detail.getByRole('link', { name: /^View in Stripe/ })).toHaveCount(0);
  await expect(detail).toContainText(
    "Stripe's dashboard is the business's owner's: ask them to open this payment there (your role: Staff).",
  );

  // Made a Manager: Subscribers opens; the owner's pages still say whose they are.
  await merchantApi(business.token, 'PATCH', `/api/me/team/members/${await memberIdOf(business.token, staff.email)}`, {
    role: 'manager',
  });
  await page.goto('/dashboard/subscribers');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeVisible();
  // A Manager refunds, but Stripe's dashboard is still the owner's.
  await page.goto('/dashboard/transactions');
  await page
    .getByRole('button', { name: /^Details/ })
    .first()
    .click();
  await expect(detail.getByRole('button', { name: 'Refund', exact: true })).toBeVisible();
  await expect(detail.getByRole('link', { name: /^View in Stripe/ })).toHaveCount(0);
  await expect(detail).toContainText('ask them to open this payment there (your role: Manager).');
  await expectRefusedPage(page, '/dashboard/settings', "This page is for the business's owner", 'Manager');
});

async function memberIdOf(ownerToken: string, email: string) {
  const team = await merchantApi<{ members: { memberId: string; email: string }[] }>(ownerToken, 'GET', '/api/me/team');
  return team.members.find((member) => member.email === email)!.memberId;
}
