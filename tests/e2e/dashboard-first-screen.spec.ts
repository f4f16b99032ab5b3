/**
 * The dashboard home's first screen, as a phone opens it signed in (issue 47): every read starts from the entry
 * while the session record's token is good (docs/decisions.md #276), else from the app's chunk, before the page's
 * own code has arrived (#217); the first screen's cards are drawn in a task of their own, before the cards below
 * them. Against the local runtime's real API.
 */
import { BRAND_NAME } from '@shared/brand';
import { dashboardFrameStrings } from '@web/features/dashboard/dashboard-frame-strings';
import { SESSION_RECORD_KEY } from '@web/lib/session-record';
import { expect, test, type Page } from '@playwright/test';
import { signInWithStoredSession } from './support/browser-session';
import { HOME_READS } from './support/home-reads';
import { createMerchantReadyForPayments } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL, viewport: { width: 390, height: 844 } });

test("every read the home draws leaves with the entry, while the app's own chunk is still held back, and only once", async ({
  page,
}) => {
  // A signed-in merchant's session record holds a good token: the entry asks for the home's reads at once, and the
  // app's queries take those answers instead of asking again (docs/decisions.md #276).
  await signInWithStoredSession(page, await createMerchantReadyForPayments());
  const welcome = page.getByRole('heading', { level: 1, name: /^Welcome( back)?, / });
  await expect(welcome).toBeVisible();
  const appChunk = await holdBack(page, /\/assets\/merchant-app-[\w-]+\.js$/);
  const asked = apiRequestsOf(page);
  await page.reload({ waitUntil: 'commit' });
  await expect.poll(() => HOME_READS.filter((read) => !asked.includes(read)), { timeout: 15_000 }).toEqual([]);
  // The app's chunk was asked for and is still held: the entry alone asked for the reads, and drew the frame.
  expect(appChunk.held).not.toEqual([]);
  await expect(page.getByRole('status').filter({ hasText: dashboardFrameStrings.loading })).toBeAttached();
  await expect(page.getByRole('banner').getByText(BRAND_NAME, { exact: true })).toBeVisible();
  appChunk.release();
  await expect(welcome).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Business Overview' })).toBeVisible();
  await expect(page.getByText('No payments yet')).toBeVisible();
  // Each was asked for once: the app took the entry's answers.
  expect(asked.toSorted()).toEqual(HOME_READS.toSorted());
});

test("the home's code is asked for by the page's first response, while the entry's own script is still held back", async ({
  page,
}) => {
  // /dashboard is answered by the shell that names the home's code (docs/decisions.md #280): the browser asks for
  // it beside the entry, at low priority, not once the entry has arrived and run. With the entry held, only the
  // HTML can have asked.
  await signInWithStoredSession(page, await createMerchantReadyForPayments());
  const welcome = page.getByRole('heading', { level: 1, name: /^Welcome( back)?, / });
  await expect(welcome).toBeVisible();
  const entry = await holdBack(page, /\/assets\/index-[\w-]+\.js$/);
  const pageCode = /\/assets\/(dashboard-guard-route|dashboard-home|merchant-app|dashboard-contracts)-[\w-]+\.js$/;
  const asked = new Set<string>();
  page.on('request', (request) => {
    const match = pageCode.exec(new URL(request.url()).pathname);
    if (match) asked.add(match[1]!);
  });
  await page.reload({ waitUntil: 'commit' });
  await expect
    .poll(() => [...asked].toSorted(), { timeout: 15_000 })
    .toEqual(['dashboard-contracts', 'dashboard-guard-route', 'dashboard-home', 'merchant-app']);
  expect(entry.held).not.toEqual([]);
  entry.release();
  await expect(welcome).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Business Overview' })).toBeVisible();
});

test("the home's first response arrives with the dashboard's frame, which the entry adopts without drawing it again", async ({
  page,
}) => {
  // The shell's #root holds the frame (web/page-shells.ts, docs/decisions.md #295): with the entry's own script
  // held back, only the HTML can have put it on the screen. The entry then hydrates it: not one of its nodes is
  // taken off the page before the app's home replaces it.
  await page.addInitScript(() => {
    const removed: string[] = [];
    new MutationObserver((records) => {
      for (const record of records) {
        if (!document.getElementById('root')?.contains(record.target) || !record.removedNodes.length) continue;
        removed.push(...[...record.removedNodes].map((node) => node.nodeName));
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
    document.addEventListener('DOMContentLoaded', () =>
      Object.assign(window, { frameAsParsed: document.querySelector('[data-dashboard-frame]') }),
    );
    Object.assign(window, { removedFromRoot: removed });
  });
  await signInWithStoredSession(page, await createMerchantReadyForPayments());
  const welcome = page.getByRole('heading', { level: 1, name: /^Welcome( back)?, / });
  await expect(welcome).toBeVisible();
  const entry = await holdBack(page, /\/assets\/index-[\w-]+\.js$/);
  const appChunk = await holdBack(page, /\/assets\/merchant-app-[\w-]+\.js$/);
  const asked = apiRequestsOf(page);
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByRole('banner').getByText(BRAND_NAME, { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: dashboardFrameStrings.loading })).toBeAttached();
  expect(asked).toEqual([]);
  entry.release();
  // The entry has run its first tasks once the home's reads are asked for; the frame's task is queued behind them,
  // and a task queued after that runs after it.
  await expect.poll(() => HOME_READS.filter((read) => !asked.includes(read)), { timeout: 15_000 }).toEqual([]);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  const adopted = await page.evaluate(() => {
    const state = window as unknown as { frameAsParsed: Element | null; removedFromRoot: string[] };
    return {
      sameFrame:
        state.frameAsParsed !== null && state.frameAsParsed === document.querySelector('[data-dashboard-frame]'),
      removed: state.removedFromRoot,
    };
  });
  expect(adopted).toEqual({ sameFrame: true, removed: [] });
  appChunk.release();
  await expect(welcome).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Business Overview' })).toBeVisible();
});

test('without JavaScript, the dashboard says it needs it instead of showing a frame that never loads', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: process.env.PAYLINK_E2E_BASE_URL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/dashboard');
  // Playwright's text queries skip <noscript>: its box on the page, and its words, are read directly.
  const noScript = page.locator('body > noscript');
  await expect(noScript).toBeVisible();
  expect(await noScript.textContent()).toContain(`${BRAND_NAME} needs JavaScript to run.`);
  await expect(page.locator('#root')).toBeHidden();
  await context.close();
});

test("without a good token in the session record, every read the home draws is asked for before the dashboard's page code arrives: the app's chunk starts them", async ({
  page,
}) => {
  // The shell, the heading and the cards draw these reads; the `dashboard` route's loader and the home's, both
  // in the app's chunk, start them as the route starts (docs/decisions.md #215, #217), beside the guard's and
  // the home's code rather than after a loader module's round trip. Those chunks are held back (and a home
  // loader's module of its own, as before #217, would be too); every read must be asked for all the same.
  await signInWithStoredSession(page, await createMerchantReadyForPayments());
  const welcome = page.getByRole('heading', { level: 1, name: /^Welcome( back)?, / });
  await expect(welcome).toBeVisible();
  const pageCode = /\/assets\/(dashboard-guard-route|home-loader|dashboard-home)-[\w-]+\.js$/;
  const pageCodeHeld = await holdBack(page, pageCode);
  const asked = apiRequestsOf(page);
  // The record's token as Amplify's to refresh: the entry starts no reads, the app's chunk does.
  await page.evaluate((key) => {
    const record = JSON.parse(localStorage.getItem(key)!) as { goodUntil: number };
    localStorage.setItem(key, JSON.stringify({ ...record, goodUntil: 0 }));
  }, SESSION_RECORD_KEY);
  // Routing turns the browser's cache off: the reload asks for every chunk again.
  await page.reload({ waitUntil: 'commit' });
  await expect.poll(() => HOME_READS.filter((read) => !asked.includes(read)), { timeout: 15_000 }).toEqual([]);
  // The guard's and the home's chunks were asked for and are still held (so this test sees the files it means).
  await expect
    .poll(() => pageCodeHeld.held.map((url) => pageCode.exec(url)![1]).toSorted())
    .toEqual(['dashboard-guard-route', 'dashboard-home']);
  pageCodeHeld.release();
  await expect(welcome).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Business Overview' })).toBeVisible();
});

test('the first screen is drawn before the cards below it: the plan and the newest payments, then Business Overview', async ({
  page,
}) => {
  // Each callback of a MutationObserver gathers what one task added to the page. The card headings are noted
  // with the callback that saw them: the first screen's in one task, the cards below in a later one, after the
  // first screen was painted (one task for all of them was the long task this split removed).
  await page.addInitScript(() => {
    const seen: Record<string, number> = {};
    let callback = 0;
    new MutationObserver(() => {
      callback += 1;
      for (const heading of document.querySelectorAll('main h2')) {
        const name = heading.textContent ?? '';
        if (!(name in seen)) seen[name] = callback;
      }
    }).observe(document, { childList: true, subtree: true });
    Object.assign(window, { cardHeadingsSeen: seen });
  });
  await signInWithStoredSession(page, await createMerchantReadyForPayments());
  await expect(page.getByRole('heading', { name: 'Materials Kit' })).toBeVisible();
  const seen = await page.evaluate(
    () => (window as unknown as { cardHeadingsSeen: Record<string, number> }).cardHeadingsSeen,
  );
  // The first screen's cards arrive together: nothing on it is pushed down once painted.
  expect(seen['Recent Payments']).toBeDefined();
  expect(seen['Recent Payments']).toBe(seen['Set up your business']);
  // Every card below comes later, together.
  for (const below of ['Business Overview', 'Sales Analytics', 'Quick Actions', 'Business Status', 'Materials Kit']) {
    expect(seen[below], below).toBeGreaterThan(seen['Recent Payments']!);
    expect(seen[below], below).toBe(seen['Business Overview']);
  }
});

/** Holds back every request of `page` whose URL matches `pattern` until `release()`; `held` lists their URLs. */
async function holdBack(page: Page, pattern: RegExp) {
  const held: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    held.push(route.request().url());
    await released;
    await route.fallback();
  });
  return { held, release: () => release() };
}

/** Every API request `page` makes from now on, path and query, in the order asked (a read asked twice is here twice). */
function apiRequestsOf(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(`${pathname}${search}`);
  });
  return asked;
}
