/**
 * The support and legal pages arrive drawn at build time (shared/prerendered-pages.ts, docs/decisions.md #220):
 * every word of theirs is in the server's HTML, read with no script at all; and the app, once the visitor
 * reaches for the page, adopts those nodes as they are — none of their words is taken out or rewritten, for a
 * visitor with no session or a signed-in merchant — and then runs the links between the pages itself.
 */
import { expect, test, type Page } from '@playwright/test';
import { legalStrings, type LegalDocument } from '@web/features/legal/legal-strings';
import { supportStrings } from '@web/features/legal/support-strings';
import { recordAssets } from './support/built-assets';
import { newPhonePage } from './support/phone-page';
import { signInWithStoredSession } from './support/browser-session';
import { createConfirmedMerchant } from './support/merchant';

test.use({ baseURL: process.env.PAYLINK_E2E_BASE_URL });

/** Every word a legal document's page draws, from its strings file. */
function documentWords(document: LegalDocument): string[] {
  return [
    document.title,
    ...(document.lastUpdated ? [document.lastUpdated] : []),
    ...document.intro,
    ...document.sections.flatMap((section) => [
      section.heading,
      ...section.paragraphs,
      ...(section.list ?? []),
      ...(section.after ?? []),
    ]),
  ];
}

const supportWords = [
  supportStrings.heading,
  supportStrings.intro,
  supportStrings.contactHeading,
  ...[supportStrings.email, supportStrings.chat, supportStrings.phone].flatMap((channel) => [
    channel.heading,
    channel.body,
    channel.action,
  ]),
  supportStrings.faqHeading,
  ...supportStrings.faqGroups.flatMap((group) => [
    group.heading,
    ...group.items.flatMap((item) => [item.question, ...item.answer]),
  ]),
];

const footerWords = legalStrings.related.links.map((link) => link.label);

const PAGES = [
  { path: '/support', title: 'Support · Paylink', words: supportWords, next: 'Terms of Service' },
  { path: '/privacy', title: 'Privacy Policy · Paylink', words: documentWords(legalStrings.privacy), next: 'Support' },
  { path: '/terms', title: 'Terms of Service · Paylink', words: documentWords(legalStrings.terms), next: 'Support' },
  {
    path: '/stripe-disclaimer',
    title: 'Stripe Disclaimer · Paylink',
    words: documentWords(legalStrings.stripeDisclaimer),
    next: 'Privacy Policy',
  },
] as const;

interface Watch {
  /** Nodes holding a page's words taken out of the page, or their text rewritten. */
  changes: string[];
  /** The page's heading and first paragraph as the HTML drew them, before any script ran. */
  drawn: Element[];
  /** Set when the app's PageTitle names the tab (the same name: `<title>`'s text is replaced all the same). */
  tabNamed: boolean;
}

/**
 * Before any of the page's own scripts: a MutationObserver on the document, as the payer page's hydration
 * test has (payer-ssr.spec.ts), watching `words`.
 */
async function watchPage(page: Page, words: readonly string[]) {
  await page.addInitScript((watched: string[]) => {
    const watch: Watch = { changes: [], drawn: [], tabNamed: false };
    (window as unknown as { watch: Watch }).watch = watch;
    const wordsIn = (node: Node) => watched.filter((word) => node.textContent?.includes(word));
    let parsed = false;
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.target.nodeName === 'TITLE' || record.target.parentNode?.nodeName === 'TITLE') {
          // The parser's own filling of <title> comes before DOMContentLoaded; a script's after it.
          if (parsed) watch.tabNamed = true;
          continue;
        }
        if (
          record.type === 'characterData' &&
          (wordsIn(record.target).length > 0 || watched.some((word) => record.oldValue?.includes(word)))
        )
          watch.changes.push(`text changed: ${record.oldValue ?? ''}`);
        for (const removed of record.removedNodes) {
          const held = wordsIn(removed);
          if (held.length > 0) watch.changes.push(`removed: ${removed.nodeName} ${held[0]!.slice(0, 60)}`);
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true, characterDataOldValue: true });
    document.addEventListener('DOMContentLoaded', () => {
      parsed = true;
      watch.drawn = [...document.querySelectorAll('#root h1, #root main p')].slice(0, 2);
    });
  }, words as string[]);
}

const watched = (page: Page) => page.evaluate(() => (window as unknown as { watch: Watch }).watch);

test("every word of the support and legal pages is in the server's HTML, with their tab titles", async ({
  browser,
}) => {
  const page = await newPhonePage(browser, { javaScriptEnabled: false });
  for (const { path, title, words } of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page).toHaveTitle(title);
    const text = (await page.locator('#root').textContent()) ?? '';
    for (const word of [...words, ...footerWords]) expect(text, `${path} arrives with: ${word}`).toContain(word);
    // What a visitor sees first is the page, drawn and styled, before any of its code.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.context().close();
});

test('the app adopts the drawn pages on start without replacing their words, then runs their links', async ({
  browser,
}) => {
  for (const { path, title, words, next } of PAGES) {
    const page = await newPhonePage(browser, { javaScriptEnabled: true });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await watchPage(page, words);
    const requested = recordAssets(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Readable with no code asked for: the app waits for the visitor (docs/decisions.md #220).
    expect(requested, path).toEqual([]);
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await watched(page)).tabNamed, `${path}: the app started`).toBe(true);
    await expect(page).toHaveTitle(title);

    expect((await watched(page)).changes, `${path}: no drawn word replaced`).toEqual([]);
    const sameNodes = await page.evaluate(() => {
      const { drawn } = (window as unknown as { watch: Watch }).watch;
      const now = [...document.querySelectorAll('#root h1, #root main p')].slice(0, 2);
      return drawn.length === 2 && drawn.every((element, index) => element === now[index]);
    });
    expect(sameNodes, `${path}: the heading and first paragraph are the nodes the HTML drew`).toBe(true);

    // The app runs the links now: the next page is drawn in this same document, with its own tab title.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('navigation', { name: legalStrings.related.label }).getByRole('link', { name: next }).click();
    await expect(page).toHaveTitle(`${next} · Paylink`);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(problems, path).toEqual([]);
    await page.context().close();
  }
});

test("a signed-in merchant's visit is adopted too: nothing starts before they reach for the page", async ({
  browser,
}) => {
  const merchant = await createConfirmedMerchant();
  const page = await newPhonePage(browser, { javaScriptEnabled: true });
  const { path, title, words } = PAGES[2];
  await watchPage(page, words);
  await signInWithStoredSession(page, merchant, path);
  await expect(page).toHaveTitle(title);
  const requested = recordAssets(page);
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);
  await page.keyboard.press('Tab');
  await expect.poll(async () => (await watched(page)).tabNamed, 'the app started').toBe(true);
  expect((await watched(page)).changes).toEqual([]);
  await page.context().close();
});
