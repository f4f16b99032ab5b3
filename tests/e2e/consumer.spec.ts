/**
 * The consumer wallet demo (docs/decisions.md #6),
 * clicked through as a person does: the server-checked password gate (a wrong password is refused and
 * cleared, the right one unlocks this browser session only), the pages and their navigation, and the
 * scanner reading an uploaded picture of a Paylink QR code. Every page at 1280 and 390 px, with axe.
 */
import { writeFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import QRCode from 'qrcode';
import { LOCAL_CONSUMER_DEMO_PASSWORD } from '@infra/local/secrets';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { expectNoSeriousAxeFindings } from './support/axe';
import { createConfirmedMerchant, e2eEnv, merchantAccessToken, merchantApi } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const VIEWPORTS = [
  ['1280', { width: 1280, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const;

/** Full-page screenshots at both widths (ending at 390, the demo's phone), axe at each. */
async function screens(page: Page, testInfo: TestInfo, name: string) {
  for (const [width, viewport] of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const file = testInfo.outputPath(`consumer-${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    await testInfo.attach(`consumer-${name}-${width}`, { path: file, contentType: 'image/png' });
    await expectNoSeriousAxeFindings(page);
  }
}

async function unlock(page: Page, password = LOCAL_CONSUMER_DEMO_PASSWORD) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Unlock' }).click();
}

async function qrImage(text: string) {
  return { name: 'qr.png', mimeType: 'image/png', buffer: await QRCode.toBuffer(text, { type: 'png', width: 320 }) };
}

test(
  'the gate refuses a wrong password and clears it, opens with the right one for this browser session only',
  { tag: '@desktop-only' },
  async ({ page, browser }, testInfo) => {
    await page.goto('/consumer');
    await expect(page.getByRole('heading', { level: 1, name: 'Paylink Wallet' })).toBeVisible();
    await screens(page, testInfo, 'gate');

    await unlock(page, 'not-the-password');
    await expect(page.getByText('Invalid password', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page).toHaveURL(/\/consumer$/);

    await unlock(page);
    await expect(page).toHaveURL(/\/consumer\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hi, Alex' })).toBeVisible();

    // A reload in the same session stays unlocked…
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hi, Alex' })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);

    // …a new browser session starts locked.
    const other = await browser.newContext({ baseURL: e2eEnv.baseUrl });
    try {
      const otherPage = await other.newPage();
      await otherPage.goto('/consumer/wallet');
      await expect(otherPage.getByLabel('Password', { exact: true })).toBeVisible();
      await expect(otherPage.getByRole('heading', { name: 'My Wallet' })).toHaveCount(0);
    } finally {
      await other.close();
    }
  },
);

test('dashboard, wallet, marketplace and profile, through the demo navigation', async ({ page }, testInfo) => {
  // The wallet's first read fails (a 4xx, which is not retried): the product's words and a way to try again.
  await page.route('**/api/consumer/wallet', (route) =>
    route.fulfill({ status: 400, json: { code: 'invalid_request', message: 'Bad request' } }),
  );
  await page.goto('/consumer/dashboard');
  await unlock(page);
  await expect(page.getByText('Failed to load consumer data')).toBeVisible();
  await page.unroute('**/api/consumer/wallet');
  await page.getByRole('button', { name: 'Try again' }).click();
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Hi, Alex' })).toBeVisible();
  for (const label of ['Total balance', 'Cashback earned', 'Available cashback', 'Recent transactions']) {
    await expect(main.getByRole('heading', { name: label })).toBeVisible();
  }
  await expect(main.getByRole('listitem')).toHaveCount(3);
  await expect(main.getByRole('link', { name: 'Scan & Pay' })).toHaveAttribute('href', '/consumer/scanner');
  await screens(page, testInfo, 'dashboard');

  await main.getByRole('link', { name: 'My Wallet' }).click();
  await expect(page).toHaveURL(/\/consumer\/wallet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Wallet' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Fiat balance (USD)' })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('tab', { name: 'Crypto' }).click();
  await expect(page.getByRole('tabpanel').getByText('Bitcoin')).toBeVisible();
  await page.getByRole('tab', { name: 'Cashback' }).click();
  await expect(page.getByLabel('Withdraw amount')).toBeVisible();
  await expect(page.getByText('Minimum withdrawal: $5.00')).toBeVisible();
  await screens(page, testInfo, 'wallet');

  const bottomNav = page.getByRole('navigation', { name: 'Wallet navigation' });
  await expect(bottomNav.getByRole('link')).toHaveText(['Home', 'Wallet', 'Scanner']);
  await bottomNav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/consumer\/dashboard$/);

  await page.getByRole('link', { name: 'Marketplace' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  const categories = page.getByRole('group', { name: 'Categories' }).getByRole('button');
  await expect(categories).toHaveText(['All', 'Food & Drink', 'Groceries', 'Fashion', 'Electronics', 'Books']);
  await page.getByLabel('Search products').fill('earbuds');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(['Wireless earbuds']);
  await page.getByLabel('Search products').fill('');
  await categories.filter({ hasText: 'Books' }).click();
  await expect(main.getByRole('heading', { level: 2 })).toHaveCount(2);
  await screens(page, testInfo, 'marketplace');

  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  for (const [name, on] of [
    ['Push notifications', true],
    ['Email offers', true],
    ['Cashback alerts', true],
    ['Weekly digest', false],
  ] as const) {
    await expect(page.getByRole('switch', { name })).toHaveAttribute('aria-checked', String(on));
  }
  await page.getByRole('switch', { name: 'Weekly digest' }).click();
  await expect(page.getByRole('switch', { name: 'Weekly digest' })).toHaveAttribute('aria-checked', 'true');
  await screens(page, testInfo, 'profile');
});

/**
 * A QR code as one frame of a Y4M video (grey: luma only, neutral chroma), the file Chromium's fake camera
 * plays in a loop (`--use-file-for-fake-video-capture`).
 */
function qrVideoFrame(text: string): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const scale = 8;
  const margin = 4;
  const side = (modules + margin * 2) * scale;
  const luma = Buffer.alloc(side * side, 255);
  for (let row = 0; row < modules; row++) {
    for (let column = 0; column < modules; column++) {
      if (!qr.modules.get(row, column)) continue;
      for (let y = 0; y < scale; y++) {
        const start = ((row + margin) * scale + y) * side + (column + margin) * scale;
        luma.fill(0, start, start + scale);
      }
    }
  }
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  return Buffer.concat([header, luma, chroma]);
}

let link: PaymentLink;
test.beforeAll(async () => {
  const token = await merchantAccessToken(await createConfirmedMerchant({ businessName: 'Scanner Test Bakery' }));
  link = await merchantApi<PaymentLink>(token, 'POST', '/api/me/links', {
    title: 'Two pies and a coffee',
    description: null,
    isOpenAmount: false,
    amountCents: 1800,
    tipPercent: 0,
  });
});

test(
  'the scanner reads a Paylink QR code from the camera and opens its payment page',
  { tag: '@desktop-only' },
  async ({ playwright, launchOptions }, testInfo) => {
    const video = testInfo.outputPath('paylink-qr.y4m');
    writeFileSync(video, qrVideoFrame(`${e2eEnv.baseUrl}/p/${link.linkId}`));
    // A camera that films the QR code: Chromium's fake capture device, allowed without a prompt.
    const browser = await playwright.chromium.launch({
      ...launchOptions,
      args: [
        ...(launchOptions.args ?? []),
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const page = await browser.newPage({ baseURL: e2eEnv.baseUrl });
      await page.goto('/consumer/scanner');
      await unlock(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Scan & Pay' })).toBeVisible();
      await expect(page).toHaveURL(`${e2eEnv.baseUrl}/p/${link.linkId}`);
      await expect(page.getByRole('heading', { name: 'Two pies and a coffee' })).toBeVisible();
    } finally {
      await browser.close();
    }
  },
);

test(
  'the scanner opens the payment page of an uploaded Paylink QR code, and no other',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    await page.goto('/consumer/dashboard');
    await unlock(page);
    await page.getByRole('navigation', { name: 'Wallet navigation' }).getByRole('link', { name: 'Scanner' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Scan & Pay' })).toBeVisible();
    const upload = page.getByLabel('Upload a QR code image');

    // A code that is not a Paylink payment link on this site is not followed.
    await upload.setInputFiles(await qrImage(`https://example.com/p/${link.linkId}`));
    await expect(page.getByText('That QR code is not a Paylink payment link.')).toBeVisible();
    await expect(page).toHaveURL(/\/consumer\/scanner$/);
    await screens(page, testInfo, 'scanner');

    await upload.setInputFiles(await qrImage(`${e2eEnv.baseUrl}/p/${link.linkId}`));
    await expect(page).toHaveURL(`${e2eEnv.baseUrl}/p/${link.linkId}`);
    await expect(page.getByRole('heading', { name: 'Two pies and a coffee' })).toBeVisible();
  },
);

test(
  'each public page says what it is in one meta description of its own',
  { tag: '@desktop-only' },
  async ({ page }) => {
    const seen = new Set<string>();
    for (const path of [
      '/',
      '/login',
      '/signup',
      '/terms',
      '/privacy',
      '/support',
      '/stripe-disclaimer',
      '/consumer',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const description = page.locator('meta[name="description"]');
      await expect(description, path).toHaveCount(1);
      // The SPA's pages set their words once their script runs (the prerendered ones have them in the HTML).
      await expect
        .poll(async () => seen.has((await description.getAttribute('content')) ?? ''), { message: path })
        .toBe(false);
      const content = (await description.getAttribute('content')) ?? '';
      expect(content.length, path).toBeGreaterThan(40);
      expect(seen.has(content), `${path} repeats another page's description`).toBe(false);
      seen.add(content);
    }
  },
);
