/**
 * The payment page /p/{id} as HTML (docs/decisions.md #22): what a phone paints before any script runs, and
 * what a link-preview crawler (WhatsApp, Facebook, iMessage — none run scripts) reads. It draws the same
 * markup and Tailwind classes as web/src/features/payer (payer-shell.tsx, payment-form.tsx,
 * payment-page.tsx) so the built SPA's stylesheet styles it, then hands the link to the script as JSON;
 * the React page takes over from that data without asking the API again.
 *
 * Every merchant-entered string goes through `text()`/`attr()`; the JSON is escaped for a script element.
 */
import { repeatAgreementWords, repeatPriceWords } from '@shared/recurring';
import { BRAND_NAME } from '@shared/brand';
import type { PublicPaymentLink } from '@shared/contracts/payment-links';
import { formatMoney, paymentAmounts } from '@shared/money';
import { escapeHtml } from '@shared/escape-html';
import { PAYER_PAGE_DATA_ID, PAYER_PAGE_WORDS as words } from '@shared/payer-page-words';
import {
  LINK_EXPIRED_DEFAULT_MESSAGE,
  LINK_EXPIRED_TITLE,
  LINK_NOT_ACCEPTING_MESSAGE,
  LINK_NOT_FOUND_MESSAGE,
  LINK_NOT_FOUND_NEXT_STEP,
  LINK_SOLD_OUT_MESSAGE,
  LINK_NOT_FOUND_TITLE,
} from '@shared/payment-messages';

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

const ICONS = {
  qrCode:
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-qr-code size-5" aria-hidden="true"><rect width="5" height="5" x="3" y="3" rx="1"></rect><rect width="5" height="5" x="16" y="3" rx="1"></rect><rect width="5" height="5" x="3" y="16" rx="1"></rect><path d="M21 16h-3a2 2 0 0 0-2 2v3"></path><path d="M21 21v.01"></path><path d="M12 7v3a2 2 0 0 1-2 2H7"></path><path d="M3 12h.01"></path><path d="M12 3h.01"></path><path d="M12 16v.01"></path><path d="M16 12h1"></path><path d="M21 12v.01"></path><path d="M12 21v-1"></path></svg>',
  lock: '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-lock-keyhole size-4" aria-hidden="true"><circle cx="12" cy="16" r="1"></circle><rect x="3" y="10" width="18" height="12" rx="2"></rect><path d="M7 10V7a5 5 0 0 1 10 0v3"></path></svg>',
  searchX:
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-search-x" aria-hidden="true"><path d="m13.5 8.5-5 5"></path><path d="m8.5 8.5 5 5"></path><circle cx="11" cy="11" r="8"></circle><path d="m21 21-4.3-4.3"></path></svg>',
  clock:
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-clock" aria-hidden="true"><path d="M12 6v6l4 2"></path><circle cx="12" cy="12" r="10"></circle></svg>',
  pause:
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-circle-pause" aria-hidden="true"><circle cx="12" cy="12" r="10"></circle><line x1="10" x2="10" y1="15" y2="9"></line><line x1="14" x2="14" y1="15" y2="9"></line></svg>',
};

// payer-ui.ts's class names (payerButton primary xl / outline lg, payerCard, payerInput), as they render.
const BUTTON_BASE =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg px-6 font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-5 [&_svg]:shrink-0';
const PAY_BUTTON = `${BUTTON_BASE} bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover h-14 text-lg`;
const CARD_SHAPE = 'rounded-card border shadow-sm';
const CARD = `${CARD_SHAPE} border-border bg-background`;
const INPUT =
  'w-full rounded-lg border border-input bg-background px-4 text-base text-foreground shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive';

function shell(content: string): string {
  return `<div class="flex min-h-dvh flex-col bg-surface"><header class="border-b border-border bg-background"><div class="mx-auto flex h-14 w-full max-w-lg items-center px-4"><a href="/" aria-label="${attr(words.homeLink)}" class="inline-flex rounded-lg"><span class="inline-flex items-center gap-2 text-lg font-semibold tracking-tight"><span class="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">${ICONS.qrCode}</span>${text(BRAND_NAME)}</span></a></div></header><main id="main" class="flex-1 px-4 py-6 sm:py-12"><div class="mx-auto w-full max-w-lg">${content}</div></main><footer class="flex items-center justify-center gap-2 px-4 pb-8 text-sm text-muted-foreground">${ICONS.lock}${text(words.securedByStripe)}</footer></div>`;
}

/** payer-status-card.tsx's card: the not-found and not-accepting states. */
function statusCard(tone: 'neutral' | 'warning', icon: string, heading: string, body: string, action = ''): string {
  const colours =
    tone === 'warning'
      ? { icon: 'bg-amber-100 text-amber-700', card: 'border-amber-200 bg-amber-50' }
      : { icon: 'bg-muted text-muted-foreground', card: 'border-border bg-background' };
  return `<section aria-labelledby="status-heading" data-tone="${tone}" class="${CARD_SHAPE} ${colours.card} flex flex-col items-center gap-6 px-6 py-8 text-center"><span class="inline-flex size-14 items-center justify-center rounded-full [&amp;_svg]:size-7 ${colours.icon}">${icon}</span><div class="flex flex-col gap-2"><h1 id="status-heading" class="text-2xl font-semibold tracking-tight">${text(heading)}</h1><div class="text-muted-foreground">${body}</div></div>${action}</section>`;
}

/**
 * payment-form.tsx's ready state, before the payer touches it: no tip chosen, the amount field empty. Its
 * controls wait, disabled, for the script: Pay Now has nothing to do without it (a tap would only reload
 * the page), and a choice made now would be lost when the script draws the page afresh.
 */
/** A recurring link's price and what the payer agrees to (docs/decisions.md #154); nothing for a one-off link. */
function repeatLines(link: PublicPaymentLink, baseCents: number): string {
  if (!link.repeat) return '';
  const offersTip = (link.tipPercent ?? 0) > 0;
  return `<p class="font-medium">${text(repeatPriceWords(baseCents, link.currency, link.repeat))}</p><p class="text-sm text-muted-foreground">${text(repeatAgreementWords(baseCents, link.currency, link.repeat, { offersTip }))}</p>`;
}

function paymentForm(link: PublicPaymentLink, prefillCents: number | null): string {
  const money = (cents: number) => text(formatMoney(cents, link.currency));
  const tipPercent = link.tipPercent ?? 0;
  // A payment request's amount for an open link (?amount=, docs/decisions.md #79) shows before any script.
  const prefill = link.isOpenAmount ? prefillCents : null;
  const baseCents = link.isOpenAmount ? (prefill ?? 0) : (link.amountCents ?? 0);
  const { totalCents } = paymentAmounts(baseCents, link.tipPercent, 'none');
  const amount = link.isOpenAmount
    ? `<div class="flex flex-col gap-2"><label for="pay-amount" class="text-sm font-medium">${text(words.enterAmount(link.currency))}</label><input id="pay-amount" type="number" inputmode="decimal" step="0.01" min="0" placeholder="0.00"${prefill === null ? '' : ` value="${(prefill / 100).toFixed(2)}"`} autocomplete="off" disabled class="h-14 text-2xl font-semibold tabular-nums ${INPUT}"></div>`
    : `<div class="flex flex-col gap-1"><p class="text-sm font-medium text-muted-foreground">${text(words.amountLabel)}</p><p class="text-4xl font-semibold tracking-tight tabular-nums">${money(baseCents)}</p>${repeatLines(link, baseCents)}</div>`;
  const tipChoice = (value: 'none' | 'percent', label: string) =>
    `<label class="flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border border-input bg-background px-4 text-base font-medium transition-colors has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary-hover"><input type="radio" name="pay-tip" value="${value}"${value === 'none' ? ' checked' : ''} disabled class="size-5 shrink-0 accent-primary">${text(label)}</label>`;
  const tips =
    tipPercent > 0
      ? `<fieldset class="flex flex-col gap-2"><legend class="mb-2 text-sm font-medium">${text(words.tipLegend)}</legend><div class="grid grid-cols-2 gap-3">${tipChoice('none', words.noTip)}${tipChoice('percent', words.tipOption(tipPercent, baseCents > 0 ? formatMoney(paymentAmounts(baseCents, link.tipPercent, 'percent').tipCents, link.currency) : undefined))}</div></fieldset>`
      : '';
  const header = [
    link.businessName
      ? `<p class="text-sm font-medium text-muted-foreground">${text(words.payTo(link.businessName))}</p>`
      : '',
    `<h1 id="pay-title" class="text-2xl font-semibold tracking-tight break-words">${text(link.title)}</h1>`,
    link.description
      ? `<p class="whitespace-pre-line break-words text-muted-foreground">${text(link.description)}</p>`
      : '',
  ].join('');
  return `<section aria-labelledby="pay-title" class="${CARD}"><div class="flex flex-col gap-2 p-6 pb-4">${header}</div><form novalidate class="flex flex-col gap-6 px-6 pb-6">${amount}${tips}<section aria-label="${attr(words.summaryLabel)}" aria-live="polite" class="rounded-lg bg-surface p-4"><dl class="flex flex-col gap-2"><div class="flex items-baseline justify-between gap-4"><dt class="font-medium">${text(words.total)}</dt><dd class="text-2xl font-semibold tabular-nums">${money(totalCents)}</dd></div></dl></section><div class="flex flex-col gap-3"><button type="submit" class="${PAY_BUTTON}" disabled>${text(words.payNow)}</button><p class="text-center text-sm text-muted-foreground">${text(words.redirectNote)}</p></div></form></section>`;
}

/** payment-page.tsx's expired card: the merchant's own words, or the default ones (docs/decisions.md #53). */
function expiredCard(link: PublicPaymentLink): string {
  const business = link.businessName ? `<p class="font-medium text-foreground">${text(link.businessName)}</p>` : '';
  return statusCard(
    'neutral',
    ICONS.clock,
    LINK_EXPIRED_TITLE,
    `${business}<p class="font-medium text-foreground break-words">${text(link.title)}</p><p class="whitespace-pre-line break-words">${text(link.expiredMessage || LINK_EXPIRED_DEFAULT_MESSAGE)}</p>`,
  );
}

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
  let title: string;
  let body: string;
  let preview: { title: string; description: string } | null = null;
  if (!link) {
    title = pageTitle(LINK_NOT_FOUND_TITLE);
    body = statusCard(
      'neutral',
      ICONS.searchX,
      LINK_NOT_FOUND_TITLE,
      `<p>${text(LINK_NOT_FOUND_MESSAGE)}</p><p>${text(LINK_NOT_FOUND_NEXT_STEP)}</p>`,
    );
  } else {
    title = pageTitle(link.businessName ? `${link.title} · ${link.businessName}` : link.title);
    preview = { title: link.title, description: previewDescription(link) };
    body = link.expired
      ? expiredCard(link)
      : link.acceptingPayments && !link.soldOut
        ? paymentForm(link, prefillCents)
        : statusCard(
            'warning',
            ICONS.pause,
            link.title,
            `${link.businessName ? `<p class="font-medium text-foreground">${text(link.businessName)}</p>` : ''}<p>${text(link.acceptingPayments ? LINK_SOLD_OUT_MESSAGE : LINK_NOT_ACCEPTING_MESSAGE)}</p>`,
          );
  }
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
    `<div id="root">${shell(body)}</div>`,
    data,
    '</body>',
    '</html>',
  ].join('\n');
  return { status: link ? 200 : 404, html };
}
