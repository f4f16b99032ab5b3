import type { Browser, Page } from '@playwright/test';

/**
 * A fresh phone-sized page (390 × 844) in a context of its own, with or without JavaScript: the prerendered
 * pages' tests read what the server's HTML shows before (or without) any script.
 */
export async function newPhonePage(browser: Browser, options: { javaScriptEnabled: boolean }): Promise<Page> {
  const context = await browser.newContext({
    ...options,
    baseURL: process.env.PAYLINK_E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
  });
  return context.newPage();
}
