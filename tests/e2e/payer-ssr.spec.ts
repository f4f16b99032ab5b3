/**
 * /p/{id} as HTML that already shows the link (docs/decisions.md #22): with JavaScript off a payer still sees
 * the title, amount, tips, total and Pay Now, styled by the built stylesheet; with JavaScript on the page
 * becomes interactive from the same data without asking the API again; a crawler gets the preview tags;
 * unknown links answer 404 with the not-found card, a paused merchant's link the paused card.
 */
import { expect, test, type Browser } from '@playwright/test';
import { type PaymentLink } from '@shared/contracts/payment-links';
import { LINK_NOT_ACCEPTING_MESSAGE, LINK_NOT_FOUND_NEXT_STEP, LINK_NOT_FOUND_TITLE } from '@shared/payment-messages';
import {
  createConfirmedMerchant,
  createMerchantReadyForPayments,
  merchantAccessToken,
  merchantApi,
} from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

const BUSINESS = 'Harbour Cafe';
let fixedLink: PaymentLink;
let pausedLink: PaymentLink;

test.beforeAll(async () => {
  const { token } = await createMerchantReadyForPayments({ businessName: BUSINESS });
  fixedLink = await merchantApi<PaymentLink>(token, 'POST', '/api/me/links', {
    title: 'Brunch for two',
    description: 'Eggs benedict and two flat whites.',
    isOpenAmount: false,
    amountCents: 2450,
    tipPercent: 10,
  });
  const paused = await createConfirmedMerchant({ businessName: 'Quiet Bakery' });
  pausedLink = await merchantApi<PaymentLink>(await merchantAccessToken(paused), 'POST', '/api/me/links', {
    title: 'Sourdough loaf',
    isOpenAmount: false,
    amountCents: 900,
    tipPercent: null,
  });
});

async function withoutJavaScript(browser: Browser) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: process.env.PAYLINK_E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

test('with JavaScript off, the payer sees the link, its amount, tips, total and Pay Now, styled', async ({
  browser,
}, testInfo) => {
  const { context, page } = await withoutJavaScript(browser);
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
  });
  const response = await page.goto(`/p/${fixedLink.linkId}`);
  expect(response?.status()).toBe(200);
  // The critical path is the document alone: the built stylesheet is inside it, and it arrives compressed
  // within a phone's first round trip (TCP's initial window: 10 segments, about 14.6 kB).
  expect(stylesheets).toEqual([]);
  const { responseBodySize } = await response!.request().sizes();
  testInfo.annotations.push({ type: 'critical-path bytes', description: `${responseBodySize}` });
  expect(responseBodySize).toBeGreaterThan(0);
  expect(responseBodySize).toBeLessThanOrEqual(14_600);
  await expect(page).toHaveTitle(`Brunch for two · ${BUSINESS} · Paylink`);
  await expect(page.getByRole('heading', { level: 1, name: 'Brunch for two' })).toBeVisible();
  await expect(page.getByText(`Pay ${BUSINESS}`)).toBeVisible();
  await expect(page.getByText('Eggs benedict and two flat whites.')).toBeVisible();
  await expect(page.getByText('$24.50', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('radio', { name: 'No Tip' })).toBeChecked();
  await expect(page.getByRole('radio', { name: '10% · $2.45' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment summary' })).toContainText('Total$24.50');
  const payNow = page.getByRole('button', { name: 'Pay Now' });
  await expect(payNow).toBeVisible();
  // Without the script there is no checkout to start: a tap must not just reload the page.
  await expect(payNow).toBeDisabled();
  // The built stylesheet applies: Pay Now wears the brand colour and is a 56 px tap target.
  expect(await payNow.evaluate((button) => getComputedStyle(button).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  expect((await payNow.boundingBox())!.height).toBeGreaterThanOrEqual(48);
  const file = testInfo.outputPath('payment-page-no-javascript-390.png');
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach('payment-page-no-javascript-390', { path: file, contentType: 'image/png' });

  // Unknown: 404 with the not-found card. Paused merchant: the paused card, no Pay Now.
  const missing = await page.goto('/p/AAAAAAAAAAAA');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: LINK_NOT_FOUND_TITLE })).toBeVisible();
  await page.goto(`/p/${pausedLink.linkId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sourdough loaf' })).toBeVisible();
  await expect(page.getByText(LINK_NOT_ACCEPTING_MESSAGE)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await context.close();
});

test('with JavaScript on, the page becomes interactive from the HTML it came with, asking the API nothing', async ({
  page,
  browser,
}) => {
  // What the server drew, as a payer without the script reads it…
  const serverOnly = await withoutJavaScript(browser);
  await serverOnly.page.goto(`/p/${fixedLink.linkId}`);
  const serverText = await serverOnly.page.locator('#root').innerText();
  await serverOnly.context.close();

  const linkReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/links/')) linkReads.push(request.url());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/p/${fixedLink.linkId}`);
  // The server's controls wait, disabled, for the script; once it has taken over they work.
  await expect(page.getByRole('radio', { name: '10% · $2.45' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  // …is what the React page draws: the two markups have not drifted apart.
  expect(await page.locator('#root').innerText()).toBe(serverText);
  await page.getByText('10% · $2.45', { exact: true }).click();
  const summary = page.getByRole('region', { name: 'Payment summary' });
  await expect(summary).toContainText('Tip (10%)$2.45');
  await expect(summary).toContainText('Total$26.95');
  await expect(page).toHaveTitle(`Brunch for two · ${BUSINESS} · Paylink`);
  expect(linkReads).toEqual([]);

  // Not found with the script on: the card stays, with what the payer can do.
  await page.goto('/p/AAAAAAAAAAAA');
  await expect(page.getByRole('heading', { level: 1, name: LINK_NOT_FOUND_TITLE })).toBeVisible();
  await expect(page.getByText(LINK_NOT_FOUND_NEXT_STEP)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toHaveCount(0);
  expect(linkReads).toEqual([]);
});

test("the script adopts the server's nodes: none of the link's text is removed or rewritten", async ({ page }) => {
  const words = [fixedLink.title, fixedLink.description!, BUSINESS];
  // Before any of the page's own scripts: every node taken out of the page (outside <head>, whose <title>
  // is React's to keep), and every text changed in place, that holds the link's words.
  await page.addInitScript((watched: string[]) => {
    const seen: string[] = [];
    (window as unknown as { linkTextChanges: string[] }).linkTextChanges = seen;
    const holdsLinkText = (node: Node) => words(node).length > 0;
    const words = (node: Node) => watched.filter((word) => node.textContent?.includes(word));
    new MutationObserver((records) => {
      for (const record of records) {
        if (document.head.contains(record.target)) continue;
        if (
          record.type === 'characterData' &&
          (holdsLinkText(record.target) || watched.some((word) => record.oldValue?.includes(word)))
        )
          seen.push(`text changed: ${record.oldValue ?? ''}`);
        for (const removed of record.removedNodes)
          if (holdsLinkText(removed)) seen.push(`removed: ${removed.nodeName} ${words(removed).join(', ')}`);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true, characterDataOldValue: true });
  }, words);
  await page.goto(`/p/${fixedLink.linkId}`);
  // Interactive: the script has taken over (the server's controls wait, disabled, for it).
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  await page.getByText('10% · $2.45', { exact: true }).click();
  await expect(page.getByRole('region', { name: 'Payment summary' })).toContainText('Total$26.95');
  expect(await page.evaluate(() => (window as unknown as { linkTextChanges: string[] }).linkTextChanges)).toEqual([]);
});

test('a link-preview crawler, which runs no script, finds the preview tags', async ({ request }) => {
  const response = await request.get(`/p/${fixedLink.linkId}`, {
    headers: { 'user-agent': 'WhatsApp/2.23.20.0 A' },
  });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const tag = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];
  expect(tag('og:title')).toBe('Brunch for two');
  expect(tag('og:description')).toBe(`Pay ${BUSINESS} NZ$24.50`);
  expect(tag('og:url')).toBe(`${process.env.PAYLINK_E2E_BASE_URL}/p/${fixedLink.linkId}`);
  expect(tag('og:image')).toMatch(/\/og-paylink\.png$/);
  expect(tag('og:site_name')).toBe('Paylink');
  expect(tag('twitter:card')).toBe('summary_large_image');
  const image = await request.get(new URL(tag('og:image')!).pathname);
  expect(image.headers()['content-type']).toBe('image/png');
});
