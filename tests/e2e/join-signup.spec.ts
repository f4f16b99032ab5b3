/**
 * A barista invited to a café's team has no Paylink login (docs/decisions.md #277). On her phone she opens the
 * invitation, signs up as a person — her name, the invited email fixed, a password, the terms — confirms her
 * email from the link (opened by her mail app in a browser of its own, as phones do), signs in and is in the
 * café's dashboard as Staff, with no business, trial or setup of her own. When the café removes her, signing in
 * again shows a page that says she belongs to no business and how to go on, not a broken dashboard.
 */
import { expect, test, type Browser } from '@playwright/test';
import { linkIn, waitForEmail, type MailboxEmail } from '../support/mailbox';
import { expectNoSeriousAxeFindings } from './support/axe';
import { createConfirmedMerchant, E2E_PASSWORD, e2eEnv, merchantAccessToken, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, timezoneId: 'Pacific/Auckland' });

const run = crypto.randomUUID().slice(0, 8);

function phone(browser: Browser) {
  return browser.newContext({
    baseURL: e2eEnv.baseUrl,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    timezoneId: 'Pacific/Auckland',
  });
}

/** A verification email for a person joining a team: their words and link, nothing of a trial (#283, #293). */
function expectTeamVerificationEmail(verification: MailboxEmail) {
  expect(verification.subject).toBe('Confirm your email to join your team on Paylink');
  // Cognito sends its emails as HTML alone.
  expect(verification.body.html).toContain('your team is waiting for you');
  expect(`${verification.subject} ${verification.body.html}`).not.toMatch(/trial/i);
  expect(linkIn(verification, '/verify-email').searchParams.get('joining')).toBe('team');
}

test('an invited barista signs up as a person and lands in the café as Staff', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const cafe = `Kōwhai Café ${run}`;
  const owner = await createConfirmedMerchant({ businessName: cafe });
  const ownerToken = await merchantAccessToken(owner);
  const email = `barista-${run}@example.co.nz`;
  await merchantApi(ownerToken, 'POST', '/api/me/team/invitations', { email, role: 'staff' });
  const invitation = await waitForEmail(e2eEnv.mailboxUrl, email, { subject: /^Join / });
  const joinUrl = new URL(/https?:\/\/\S+\/join#[\w-]+/.exec(invitation.body.text ?? '')![0]);

  // She opens the link on her phone: the invitation says where and as what, and asks only for a person's details.
  const invitedContext = await phone(browser);
  const page = await invitedContext.newPage();
  await page.goto(joinUrl.pathname + joinUrl.hash);
  await expect(page.getByRole('heading', { level: 1, name: `Join ${cafe} on Paylink` })).toBeVisible();
  await expect(page.getByText("You're invited as Staff.")).toBeVisible();
  const emailField = page.getByLabel('Email', { exact: true });
  await expect(emailField).toHaveValue(email);
  await expect(emailField).toHaveAttribute('readonly', '');
  await expect(page.getByLabel(/business name/i)).toHaveCount(0);
  await expectNoSeriousAxeFindings(page);
  await page.screenshot({ path: testInfo.outputPath('join-390.png'), fullPage: true });

  await page.getByLabel('Your full name').fill('Mere Barista');
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel('Confirm password').fill(E2E_PASSWORD);
  // The terms first left unticked: the form says so by the box.
  await page.getByRole('button', { name: 'Create my login' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'accept the terms' })).toBeVisible();
  await page.getByLabel('I accept the terms of service and the privacy policy').check();
  await page.getByRole('button', { name: 'Create my login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();
  const first = await waitForEmail(e2eEnv.mailboxUrl, email, { subject: /Confirm your email/ });
  expectTeamVerificationEmail(first);

  // She tries to sign in before confirming, and asks for the email again: the new one still says she is
  // joining a team, with no trial of her own (docs/decisions.md #293).
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  const verification = await waitForEmail(e2eEnv.mailboxUrl, email, { subject: /Confirm your email/, count: 2 });
  expectTeamVerificationEmail(verification);

  // Her mail app opens the new confirmation link in a browser of its own: nothing of the join page is there.
  const mailContext = await phone(browser);
  const inMail = await mailContext.newPage();
  await inMail.goto(linkIn(verification, '/verify-email').href);
  await expect(inMail.getByRole('heading', { name: 'Email verified!' })).toBeVisible();
  // She joins a team: no business to set up and no trial of her own (docs/decisions.md #283).
  await expect(inMail.getByRole('heading', { name: 'Sign in to join your team' })).toBeVisible();
  await expect(
    inMail.getByText('Your email address is confirmed. Sign in: your team is waiting for you.'),
  ).toBeVisible();
  await expect(inMail.getByText(/set up your business|free trial/)).toHaveCount(0);
  await inMail.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await inMail.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(inMail).toHaveURL(/\/dashboard$/);
  // The café's dashboard, as Staff: its menu says what Staff do not see; nothing of a business of her own.
  await expect(inMail.getByRole('heading', { level: 1, name: `Welcome, ${cafe}` })).toBeVisible();
  // The plan is the café owner's: no plan card on her home (docs/decisions.md #282).
  await expect(inMail.getByRole('heading', { name: 'Recent Payments' })).toBeVisible();
  await expect(inMail.getByRole('region', { name: 'Subscription' })).toHaveCount(0);
  await inMail.getByRole('button', { name: 'Open menu' }).click();
  const menu = inMail.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toContainText("As Staff you don't see Subscribers, Payouts or Settings");
  await expect(menu.getByRole('link', { name: 'Payouts' })).toHaveCount(0);
  await inMail.keyboard.press('Escape');
  await expectNoSeriousAxeFindings(inMail);
  await inMail.screenshot({ path: testInfo.outputPath('dashboard-as-staff-390.png'), fullPage: true });

  // The café removes her (her open tab's refusal is team.spec.ts's story, #197); her next sign-in, on the
  // phone's browser, finds no business and says what to do.
  await mailContext.close();
  const team = await merchantApi<{ members: { memberId: string; email: string }[] }>(ownerToken, 'GET', '/api/me/team');
  const barista = team.members.find((member) => member.email === email)!;
  await merchantApi(ownerToken, 'DELETE', `/api/me/team/members/${barista.memberId}`);
  const laterContext = await phone(browser);
  const later = await laterContext.newPage();
  await later.goto('/login');
  await later.getByLabel('Email', { exact: true }).fill(email);
  await later.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await later.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    later.getByRole('heading', { level: 1, name: "You're not part of a business on Paylink" }),
  ).toBeVisible();
  await expect(later.getByRole('link', { name: 'Contact support' })).toBeVisible();
  await expectNoSeriousAxeFindings(later);
  await later.screenshot({ path: testInfo.outputPath('no-business-390.png'), fullPage: true });
  await later.setViewportSize({ width: 1280, height: 900 });
  await later.screenshot({ path: testInfo.outputPath('no-business-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(joinUrl.pathname + joinUrl.hash);
  // Used now: the link says so, in words.
  await expect(page.getByRole('alert')).toContainText('This invitation is not valid');
  await page.screenshot({ path: testInfo.outputPath('join-used-1280.png'), fullPage: true });

  // As the page says: the café invites her again, and the new invitation works with the same login.
  await merchantApi(ownerToken, 'POST', '/api/me/team/invitations', { email, role: 'manager' });
  const again = await waitForEmail(e2eEnv.mailboxUrl, email, { subject: /^Join /, count: 2 });
  const againUrl = new URL(/https?:\/\/\S+\/join#[\w-]+/.exec(again.body.text ?? '')![0]);
  // Signed out, the link offers the form (at 1280 px here); signed in, it goes to the dashboard, which accepts.
  // Away first: from /join#old, /join#new would change only the fragment of the page already open.
  await page.goto('about:blank');
  await page.goto(againUrl.pathname + againUrl.hash);
  await expect(page.getByText("You're invited as Manager.")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('join-1280.png'), fullPage: true });
  await later.goto(againUrl.pathname + againUrl.hash);
  await expect(later.getByRole('heading', { level: 1, name: `Welcome, ${cafe}` })).toBeVisible();
  // At 1280 px now (the no-business screenshot): the sidebar says what a Manager does not see.
  await expect(later.getByRole('navigation', { name: 'Dashboard' })).toContainText(
    "As Manager you don't see Payouts or Settings",
  );

  await invitedContext.close();
  await laterContext.close();
});
