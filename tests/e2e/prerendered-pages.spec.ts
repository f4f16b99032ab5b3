/**
 * The landing, sign-in and sign-up pages arrive drawn at build time (shared/prerendered-pages.ts): with JavaScript off they show their content, styled, with the forms' submit buttons disabled
 * (a form submitted by the browser itself would put the password in the address); with JavaScript on, React
 * hydrates that markup (the nodes stay; no mismatch is reported), and what a visitor typed before it did is
 * what signs them in.
 */
import { expect, test } from '@playwright/test';
import { recordAssets } from './support/built-assets';
import { newPhonePage } from './support/phone-page';
import { createConfirmedMerchant } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const PAGES = [
  { path: '/', heading: 'Get paid with a link or a QR code', submit: null, describedAs: /^Paylink: card payments/ },
  { path: '/login', heading: 'Welcome Back', submit: 'Sign In', describedAs: /^Sign in to Paylink/ },
  {
    path: '/signup',
    heading: 'Start your free trial',
    submit: 'Start Free Trial',
    describedAs: /^Create your Paylink/,
  },
] as const;

test('with JavaScript off, the landing and sign-in pages show their content, styled, and cannot be submitted', async ({
  browser,
}) => {
  const page = await newPhonePage(browser, { javaScriptEnabled: false });
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
  });
  for (const { path, heading, submit, describedAs } of PAGES) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The page's own words for a search result, in the HTML itself: no script has run.
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', describedAs);
    // Styled by the stylesheet inlined in the page: the heading is not the browser's default 2em serif.
    const fontFamily = await page
      .getByRole('heading', { level: 1 })
      .evaluate((element) => getComputedStyle(element).fontFamily);
    expect(fontFamily).not.toMatch(/^(serif|Times)/i);
    if (submit) await expect(page.getByRole('button', { name: submit, exact: true })).toBeDisabled();
  }
  // Its links are plain links: they work without the script.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Start your free trial' })).toBeVisible();
  expect(stylesheets).toEqual([]);
  await page.context().close();
});

test('React hydrates the drawn pages without replacing them or reporting a mismatch', async ({ browser }) => {
  const page = await newPhonePage(browser, { javaScriptEnabled: true });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // The heading the HTML arrived with, remembered before any script runs.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { drawnHeading?: Element | null }).drawnHeading = document.querySelector('h1');
    });
  });
  for (const { path, heading, submit } of PAGES) {
    await page.goto(path);
    if (submit) {
      // The forms' code arrives once the visitor reaches for the page (docs/decisions.md #90): a Tab here.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: submit, exact: true })).toBeEnabled();
    } else await expect(page.getByRole('button', { name: 'Open menu' })).toBeEnabled();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const sameHeading = await page.evaluate(() => {
      const drawn = (window as unknown as { drawnHeading?: Element | null }).drawnHeading;
      return drawn !== undefined && drawn === document.querySelector('h1');
    });
    expect(sameHeading, `${path}: the heading React shows is the one the HTML drew`).toBe(true);
  }
  expect(problems).toEqual([]);
  await page.context().close();
});

test("the sign-in and sign-up pages ask for the app's code only once the visitor reaches for the form", async ({
  browser,
}) => {
  const page = await newPhonePage(browser, { javaScriptEnabled: true });
  const requested = recordAssets(page);
  for (const { path, submit } of PAGES) {
    if (!submit) continue;
    requested.length = 0;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Painted and readable, with no code asked for: the form waits for the visitor.
    expect(requested, path).toEqual([]);
    await expect(page.getByRole('button', { name: submit, exact: true })).toBeDisabled();
    await page.getByLabel('Email', { exact: true }).focus();
    await expect(page.getByRole('button', { name: submit, exact: true })).toBeEnabled();
    expect(requested.length, path).toBeGreaterThan(0);
  }
  await page.context().close();
});

test('what a visitor types before the script arrives signs them in', async ({ browser }) => {
  const merchant = await createConfirmedMerchant();
  const page = await newPhonePage(browser, { javaScriptEnabled: true });
  // Hold the app's code back, as a slow phone network does, until the form has been filled in.
  let releaseApp!: () => void;
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
  await page.route(/\/assets\/merchant-app-[^/]+\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email', { exact: true }).fill(merchant.email);
  await page.getByLabel('Password', { exact: true }).fill(merchant.password);
  const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect(signIn).toBeDisabled();
  releaseApp();
  // Hydrated: the magic-link button knows the email typed before, and Sign In uses both fields.
  await expect(page.getByRole('button', { name: 'Send Magic Link' })).toBeEnabled();
  await signIn.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.context().close();
});
