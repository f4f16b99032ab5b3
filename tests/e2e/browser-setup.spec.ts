/**
 * The browser the suite runs in: what its launch flags switch off reaches Chromium (tests/support/chromium-flags.ts).
 * Chromium applies only the last `--disable-features` on its command line, so the check reads the command line the
 * browser was started with, not our config.
 */
import { expect, test } from '@playwright/test';
import { UNSEEN_BROWSER_UI_FEATURES, browserUiPages, disabledFeatureSwitches } from '../support/chromium-flags';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

test('the launched browser disables every feature Playwright asks for, and the address bar popup nobody sees', async ({
  page,
}) => {
  // The command line as the browser process holds it (CDP's Browser.getBrowserCommandLine answers only under
  // --enable-automation, which Playwright does not pass).
  await page.goto('chrome://version');
  const commandLine = (await page.locator('#command_line').innerText()).split(/\s+/);
  const switches = disabledFeatureSwitches(commandLine);
  const applied = switches.at(-1) ?? [];
  const dropped = switches
    .slice(0, -1)
    .flat()
    .filter((feature) => !applied.includes(feature));
  expect(dropped, 'names an earlier --disable-features has that the last one, the one Chromium applies, lacks').toEqual(
    [],
  );
  expect(applied).toEqual(expect.arrayContaining([...UNSEEN_BROWSER_UI_FEATURES]));
});

test('a window opens its page and no browser UI pages beside it', async ({ browser, page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  expect(browserUiPages(targetInfos)).toEqual([]);
});
