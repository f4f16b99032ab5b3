/**
 * The payment page /p/{id} as HTML (docs/decisions.md #22): what a phone paints before any script runs, and
 * what a link-preview crawler (WhatsApp, Facebook, iMessage — none run scripts) reads. The page's markup is
 * shared/payer-page-markup.ts's, which the React page renders too, so the built SPA's stylesheet styles it
 * and the React page adopts these nodes (docs/decisions.md #144); the link goes to the script as JSON, so it
 * takes over from that data without asking the API again.
 *
 * Every merchant-entered string is escaped (`toHtml`, `text()`/`attr()`); the JSON is escaped for a script element.
 */
import { BRAND_NAME } from '@shared/brand';
import type { PublicPaymentLink } from '@shared/contracts/payment-links';
import { formatMoney } from '@shared/money';
import { escapeHtml } from '@shared/escape-html';
import { toHtml } from '@shared/markup';
import { payerPageContent, payerShell } from '@shared/payer-page-markup';
import { PAYER_PAGE_DATA_ID, PAYER_PAGE_WORDS as words } from '@shared/payer-page-words';
import { LINK_NOT_FOUND_TITLE } from '@shared/payment-messages';

/** What the page needs from the built SPA, as its index.html names them. */
export interface SpaAssets {
  /** The address of the app's entry script (index.html's `<script type="module" src>`), when it names one. */
  entryScript?: string;
  /** The stylesheets' addresses (`/assets/index-….css`). */
  stylesheets: string[];
  /**
   * Their text, when the function could read it: inlined, the page paints from its first response alone —
   * one request before the amount is visible, within a phone's first round trips (the stylesheet is ~9 kB
   * compressed).
   */
  inlineCss?: string;
}

/** 1200×630, in web/public: what a preview shows beside the title. */
export const OG_IMAGE_PATH = '/og-paylink.png';

const text = escapeHtml;
const attr = escapeHtml;

/** JSON inside <script type="application/json">: `<` never appears raw, so `</script>` cannot end it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * What the built index.html names that loads the app: its entry script and its stylesheets. Its preloads
 * are left out: the page asks for the entry after the first paint (`scriptTag`), and the entry's imports
 * follow it.
 */
export function spaAssetsFromIndexHtml(indexHtml: string): SpaAssets {
  const entryTag = /<script\b[^>]*\btype="module"[^>]*>/.exec(indexHtml)?.[0];
  const entryScript = entryTag && /\bsrc="([^"]+)"/.exec(entryTag)?.[1];
  const stylesheets = [...indexHtml.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].flatMap(
    ([tag]) => /\bhref="([^"]+)"/.exec(tag)?.[1] ?? [],
  );
  return { ...(entryScript && { entryScript }), stylesheets };
}

/** web/public/payer-boot.js: loads the app's entry once the page is painted, at low priority. */
export const PAYER_BOOT_PATH = '/payer-boot.js';

/**
 * The page's one script tag. The HTML already shows the link; the script only makes it interactive, so it
 * must not take the phone's first round trips from the document. The entry's own module script and
 * preloads would be fetched at high priority, straight away (and a page-load model such as Lighthouse's
 * counts them as holding back the paint); the boot script is fetched at low priority and asks for the entry
 * after the first paint.
 */
function scriptTag({ entryScript }: SpaAssets): string[] {
  return entryScript ? [`<script defer src="${PAYER_BOOT_PATH}" data-entry="${attr(entryScript)}"></script>`] : [];
}

/** The stylesheet, inlined when its text is known (a `</style` inside it could not end the element). */
function styleTags(assets: SpaAssets): string[] {
  if (assets.inlineCss !== undefined) return [`<style>${assets.inlineCss.replace(/<\/style/gi, '<\\/style')}</style>`];
  return assets.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${attr(href)}">`);
}

/** 'NZ$24.50' for a New Zealand link (the preview is read far from the merchant), the locale's own otherwise. */
export function previewMoney(cents: number, currency: string): string {
  const money = formatMoney(cents, currency);
  return currency.toLowerCase() === 'nzd' && money.startsWith('$') ? `NZ${money}` : money;
}

/** The preview's one line: who is paid and how much; never anything about a payer. */
export function previewDescription(link: PublicPaymentLink): string {
  const payee = link.businessName ?? BRAND_NAME;
  if (link.isOpenAmount || link.amountCents === null) return words.payTo(payee);
  return `${words.payTo(payee)} ${previewMoney(link.amountCents, link.currency)}`;
}

const pageTitle = (what: string) => `${what} · ${BRAND_NAME}`;

export interface PayerPageInput {
  /** The link as GET /api/links/{id} answers it, or null when that answers 404. */
  link: PublicPaymentLink | null;
  /** The page's own public address, for og:url. */
  pageUrl: string;
  /** The site's public origin, for og:image. */
  origin: string;
  assets: SpaAssets;
  /** An open link's amount from `?amount=` (prefilledAmountCents), or null. */
  prefillCents?: number | null;
}

/** The whole document, with its status: 404 for an unknown or inactive link (the not-found card). */
export function renderPayerPage({ link, pageUrl, origin, assets, prefillCents = null }: PayerPageInput): {
  status: number;
  html: string;
} {
  const title = pageTitle(
    !link ? LINK_NOT_FOUND_TITLE : link.businessName ? `${link.title} · ${link.businessName}` : link.title,
  );
  const preview = link && { title: link.title, description: previewDescription(link) };
  const meta = (property: string, content: string) => `<meta property="${property}" content="${attr(content)}">`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${attr(content)}">`;
  const previewTags = preview
    ? [
        named('description', preview.description),
        meta('og:type', 'website'),
        meta('og:site_name', BRAND_NAME),
        meta('og:title', preview.title),
        meta('og:description', preview.description),
        meta('og:url', pageUrl),
        meta('og:image', `${origin}${OG_IMAGE_PATH}`),
        meta('og:image:width', '1200'),
        meta('og:image:height', '630'),
        meta('og:image:alt', BRAND_NAME),
        named('twitter:card', 'summary_large_image'),
        named('twitter:title', preview.title),
        named('twitter:description', preview.description),
        named('twitter:image', `${origin}${OG_IMAGE_PATH}`),
      ]
    : [named('robots', 'noindex')];
  // `link: null` too, so the script draws the not-found card at once instead of asking the API again.
  const data = `<script type="application/json" id="${PAYER_PAGE_DATA_ID}">${scriptJson({ link })}</script>`;
  const html = [
    '<!doctype html>',
    '<html lang="en-NZ">',
    '<head>',
    '<meta charset="UTF-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    `<title>${text(title)}</title>`,
    '<meta name="theme-color" content="#0f766e">',
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg">',
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
    ...previewTags,
    ...styleTags(assets),
    ...scriptTag(assets),
    '</head>',
    '<body>',
    `<div id="root">${toHtml(payerShell(payerPageContent(link, prefillCents)))}</div>`,
    data,
    '</body>',
    '</html>',
  ].join('\n');
  return { status: link ? 200 : 404, html };
}
