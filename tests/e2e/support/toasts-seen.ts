import { expect, type Page } from '@playwright/test';

/**
 * A toast lasts four seconds (the product spec's notification duration), counted from when it appears, not
 * from when a test looks. A push-made toast ('Payment received') appears as the webhook settles the payment,
 * often before the payer's own page has finished: a test that photographs and checks that page first looks, on
 * a loaded machine, after the toast has gone (first-hour.spec.ts failed so). So the merchant's page keeps the
 * text of every toast it shows, as a person watching it sees them, and the test asks what it kept.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    const keep = () => {
      for (const shown of document.querySelectorAll('[data-sonner-toast]')) {
        const text = shown.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    };
    keep();
    new MutationObserver(keep).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** The text of every toast shown since `recordToasts` (a reload forgets them). */
export const toastsSeen = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { toastsSeen?: string[] }).toastsSeen ?? []);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Waits (the usual expect timeout) until a toast shown since `recordToasts` held `texts`, in that order (its
 * title, then its description); a failure lists the toasts that were seen.
 */
export async function expectToastSeen(page: Page, ...texts: string[]): Promise<void> {
  const oneToast = new RegExp(texts.map(escaped).join('[^]*'));
  await expect.poll(() => toastsSeen(page)).toContainEqual(expect.stringMatching(oneToast));
}
