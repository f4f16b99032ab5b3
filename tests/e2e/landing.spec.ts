import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeFindings } from './support/axe';
import { builtAssetsDir, filesReachedFrom, recordAssets, viteManifest } from './support/built-assets';

/** The landing page (docs/decisions.md #3, #4): its sections, links and anchors. */
test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

/** The section headings of the main content, top to bottom. */
const sectionHeadings = [
  'How it works',
  'Accepted payment methods',
  'Built for New Zealand small businesses',
  'Simple pricing',
  'What Paylink stands for',
  'Ready to take your first payment?',
];

async function openLanding(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Whether the section an anchor names has been scrolled to the top part of the window. */
async function expectScrolledTo(page: Page, id: string) {
  await expect(page).toHaveURL(new RegExp(`/#${id}$`));
  await expect
    .poll(() => page.locator(`#${id}`).evaluate((section) => Math.round(section.getBoundingClientRect().top)))
    .toBeLessThan(200);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
}

test('the sections come in order, with the payment methods, values and launch offer', async ({ page }) => {
  await openLanding(page, desktop);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(sectionHeadings);

  const methods = main.getByRole('list', { name: 'Accepted payment methods' });
  for (const name of ['Visa', 'Mastercard', 'American Express', 'Apple Pay', 'Google Pay']) {
    await expect(methods.getByRole('img', { name, exact: true })).toBeVisible();
  }
  await expect(methods.getByRole('img')).toHaveCount(5);
  // Paylink's Stripe Checkout does not offer PayPal, and no copy may promise payouts it can't make.
  await expect(page.getByText(/paypal/i)).toHaveCount(0);
  await expect(page.getByText(/instant payout|payouts are instant/i)).toHaveCount(0);

  const pricing = page.locator('#pricing');
  await expect(pricing.getByText('Limited Time Launch Offer')).toBeVisible();
  await expect(pricing.getByRole('heading', { name: 'Business' })).toBeVisible();
  await expect(pricing.getByText('NZD $29', { exact: true })).toBeVisible();
  await expect(pricing.getByText(/0\.5% Paylink fee/)).toBeVisible();

  for (const value of ['Independence', 'Creativity', 'Transparency']) {
    await expect(main.getByRole('heading', { level: 3, name: value })).toBeVisible();
  }
});

test('the landing page loads its header island only: no app, dashboard or sign-in code', async ({ page }) => {
  const manifest = viteManifest();
  // The island (docs/decisions.md #90, #111) is the menu's few lines of DOM behaviour and the bundler's module
  // runtime: no React (react-dom alone is ~60 KB gzip), nothing of the app.
  const island = filesReachedFrom(manifest, ['src/landing-island.ts'], false);
  const islandBytes = [...island].reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(builtAssetsDir(), file))).length,
    0,
  );
  expect(islandBytes).toBeLessThan(2_000);

  const requested = recordAssets(page);
  await openLanding(page, phone);
  // Connected: the menu button works.
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(requested).toContain(manifest['src/landing-island.ts']!.file);
  expect(requested.filter((file) => !island.has(file))).toEqual([]);
});

test('the navigation links scroll to their sections, and its buttons go to /login and /signup', async ({ page }) => {
  await openLanding(page, desktop);
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();

  for (const [name, id] of [
    ['How It Works', 'how-it-works'],
    ['Pricing', 'pricing'],
    ['For Business', 'business'],
  ] as const) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await nav.getByRole('link', { name }).click();
    await expectScrolledTo(page, id);
  }

  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await openLanding(page, desktop);
  await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('every call to action goes where the product sends it', async ({ page }) => {
  const destinations = [
    {
      where: 'hero',
      link: (p: Page) =>
        p
          .locator('section', { has: p.getByRole('heading', { level: 1 }) })
          .getByRole('link', { name: 'Start Free Trial' }),
      url: /\/signup$/,
    },
    { where: 'hero', link: (p: Page) => p.getByRole('link', { name: 'See how it works' }), url: /\/#how-it-works$/ },
    {
      where: 'for business',
      link: (p: Page) => p.locator('#business').getByRole('link', { name: 'Start Free Trial' }),
      url: /\/signup$/,
    },
    {
      where: 'pricing',
      link: (p: Page) => p.locator('#pricing').getByRole('link', { name: 'Start Free Trial' }),
      url: /\/signup\?plan=business$/,
    },
    {
      where: 'closing',
      link: (p: Page) => p.getByRole('link', { name: 'Create My Free Paylink Link' }),
      url: /\/signup$/,
    },
  ];
  for (const { where, link, url } of destinations) {
    await test.step(where, async () => {
      await openLanding(page, desktop);
      await link(page).click();
      await expect(page).toHaveURL(url);
    });
  }
});

// The one test of the footer's links (legal-pages.spec.ts tests the pages themselves).
test('the footer links open their pages scrolled to the top', async ({ page }) => {
  for (const [name, path, h1] of [
    ['Support', '/support', 'How can we help?'],
    ['Terms of Service', '/terms', 'Terms of Service'],
    ['Privacy Policy', '/privacy', 'Privacy Policy'],
    ['Stripe Disclaimer', '/stripe-disclaimer', 'Stripe Disclaimer'],
  ] as const) {
    await openLanding(page, desktop);
    const link = page.getByRole('contentinfo').getByRole('link', { name });
    await link.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  }
});

test('at 390 px the section links sit in a menu that toggles', async ({ page }) => {
  await openLanding(page, phone);
  const banner = page.getByRole('banner');
  const menuLink = banner.getByRole('link', { name: 'Pricing' });
  await expect(menuLink).toBeHidden();
  await expect(banner.getByRole('link', { name: 'Get Started' })).toBeHidden();

  const openButton = page.getByRole('button', { name: 'Open menu' });
  await expect(openButton).toHaveAttribute('aria-expanded', 'false');
  await openButton.click();
  const closeButton = page.getByRole('button', { name: 'Close menu' });
  await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['How It Works', 'Pricing', 'For Business', 'Login', 'Get Started']) {
    await expect(banner.getByRole('link', { name })).toBeVisible();
  }

  await closeButton.click();
  await expect(menuLink).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.keyboard.press('Escape');
  await expect(menuLink).toBeHidden();

  // Escape from a link in the menu hands focus back to the button rather than to the page's start.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('link', { name: 'How It Works' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menuLink).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  // Following a link in the menu scrolls to its section and folds the menu away.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menuLink.click();
  await expectScrolledTo(page, 'pricing');
  await expect(menuLink).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await banner.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the landing page drawn by the app (as after signing out) has the same working menu', async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto('/no-such-page');
  // A router link: the app draws the landing page itself, and its header connects the menu once mounted.
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Get paid with a link or a QR code' })).toBeVisible();
  const banner = page.getByRole('banner');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await banner.getByRole('link', { name: 'Pricing' }).click();
  await expect(banner.getByRole('link', { name: 'Pricing' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});

for (const [name, viewport] of [
  ['1280', desktop],
  ['390', phone],
] as const) {
  test(`the landing page at ${name} px: screenshot and axe`, async ({ page }, testInfo) => {
    await openLanding(page, viewport);
    await page.screenshot({ path: testInfo.outputPath(`landing-${name}.png`), fullPage: true });
    await expectNoSeriousAxeFindings(page);
    if (viewport === phone) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.screenshot({ path: testInfo.outputPath(`landing-${name}-menu.png`) });
      await expectNoSeriousAxeFindings(page);
    }
  });
}
