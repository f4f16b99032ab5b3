/**
 * The dashboard home by role (docs/decisions.md #282): the plan and connecting Stripe are the owner's
 * (functions/catalog/merchant-roles.ts), so a Staff member's home shows neither the plan card nor a Connect Stripe
 * button; while the business is not connected it says, in a sentence, that the owner has to connect it, and so
 * does the links page her Quick Actions lead to. The home asks the server only for what the role may read (no
 * refused reads). A Manager's home is the same; the owner's is unchanged.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInWithStoredSession } from './support/browser-session';
import { createConfirmedMerchant, merchantAccessToken, merchantApi } from './support/merchant';
import { joinBusiness } from './support/team';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });

const run = crypto.randomUUID().slice(0, 8);
const OWNER_ONLY_SENTENCE = "The business's owner has to connect Stripe before payments can be taken.";

/** Every answer of our API the page got with a 4xx, by method and path. */
function refusedReads(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) {
      refused.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
    }
  });
  return refused;
}

test("a Staff member's home has no plan card and no Connect Stripe button; the owner's still has both @desktop-only", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A café that has not connected Stripe yet, on its trial.
  const cafe = `Pōhutukawa Café ${run}`;
  const owner = await createConfirmedMerchant({ businessName: cafe });
  const barista = await createConfirmedMerchant({ fullName: 'Mere Barista', businessName: `Own ${run}` });
  const ownerToken = await merchantAccessToken(owner);
  const businessId = await joinBusiness(ownerToken, barista, 'staff');

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staffPage = await staffContext.newPage();
  await signInWithStoredSession(staffPage, barista, '/dashboard');
  await staffPage.evaluate((id) => localStorage.setItem('paylink.business', id), businessId);
  const refused = refusedReads(staffPage);
  await staffPage.goto('/dashboard');
  await expect(staffPage.getByRole('heading', { level: 1, name: `Welcome, ${cafe}` })).toBeVisible({
    timeout: 30_000,
  });
  const status = staffPage.getByRole('region', { name: 'Business Status' });
  await expect(status).toContainText(OWNER_ONLY_SENTENCE);
  await expect(staffPage.getByRole('region', { name: 'Recent Payments' })).toBeVisible();
  await expect(status.getByRole('link', { name: /Connect Stripe/ })).toHaveCount(0);
  await expect(staffPage.getByRole('button', { name: /Connect Stripe/ })).toHaveCount(0);
  await expect(staffPage.getByRole('region', { name: 'Subscription' })).toHaveCount(0);
  await expect(staffPage.getByText(/First month free/)).toHaveCount(0);
  // Every card that leads somewhere leads to a page Staff may open.
  const hrefs = await staffPage
    .locator('main a[href^="/dashboard/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs).toContain('/dashboard/create-link');
  expect(hrefs.filter((href) => /^\/dashboard\/(settings|payouts|subscribers)/.test(href ?? ''))).toEqual([]);
  // The last of the home's reads (the stats) is in: whatever was refused has answered by now.
  await expect(status).toContainText('$0.00');
  expect(refused).toEqual([]);

  // Her Quick Actions' link page, while Stripe is not connected: the same sentence, no button to connect.
  await staffPage
    .getByRole('region', { name: 'Quick Actions' })
    .getByRole('link', { name: 'Create Payment Link' })
    .click();
  await expect(staffPage.getByRole('heading', { name: 'Stripe is not connected yet' })).toBeVisible();
  await expect(staffPage.getByText(OWNER_ONLY_SENTENCE)).toBeVisible();
  await expect(staffPage.getByRole('button', { name: /Connect Stripe/ })).toHaveCount(0);
  expect(refused).toEqual([]);

  // Made a Manager: the same home (a Manager can neither connect Stripe nor change the plan).
  const team = await merchantApi<{ members: { memberId: string; email: string }[] }>(ownerToken, 'GET', '/api/me/team');
  const memberId = team.members.find((member) => member.email === barista.email)!.memberId;
  await merchantApi(ownerToken, 'PATCH', `/api/me/team/members/${memberId}`, { role: 'manager' });
  await staffPage.goto('/dashboard');
  await expect(staffPage.getByRole('navigation', { name: 'Dashboard' })).toContainText("As Manager you don't see");
  await expect(status).toContainText(OWNER_ONLY_SENTENCE);
  await expect(staffPage.getByRole('region', { name: 'Subscription' })).toHaveCount(0);
  await expect(staffPage.getByRole('button', { name: /Connect Stripe/ })).toHaveCount(0);
  await staffContext.close();

  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ownerPage = await ownerContext.newPage();
  await signInWithStoredSession(ownerPage, owner, '/dashboard');
  await expect(ownerPage.getByRole('heading', { level: 1, name: `Welcome, ${cafe}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(ownerPage.getByRole('region', { name: 'Subscription' })).toBeVisible();
  await expect(
    ownerPage.getByRole('region', { name: 'Business Status' }).getByRole('link', { name: /Connect Stripe/ }),
  ).toBeVisible();
  await expect(ownerPage.getByText(OWNER_ONLY_SENTENCE)).toHaveCount(0);
  // Her links page still offers to connect.
  await ownerPage
    .getByRole('region', { name: 'Quick Actions' })
    .getByRole('link', { name: 'Create Payment Link' })
    .click();
  await expect(ownerPage.getByRole('button', { name: 'Connect Stripe Account' })).toBeVisible();
  await ownerContext.close();
});
