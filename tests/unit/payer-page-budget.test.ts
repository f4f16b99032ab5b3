/**
 * The bytes on /p/{id}'s critical path (docs/decisions.md #22): the first response must carry
 * everything the amount needs to show — markup, the link, the stylesheet — and nothing may block the paint
 * behind a second request. The page's own markup stays small; the stylesheet's share is measured on the
 * built SPA in tests/e2e/payer-ssr.spec.ts.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { PublicPaymentLink } from '@shared/contracts/payment-links';
import { PAYER_BOOT_PATH, renderPayerPage, spaAssetsFromIndexHtml } from '@functions/domain/payer-page-html';

/** What Vite writes into the built index.html (the script, its preload, the stylesheet). */
const BUILT_INDEX_HTML = `<head>
<script type="module" crossorigin src="/assets/index-XYL0ioyn.js"></script>
<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-XKyaHtl9.js">
<link rel="stylesheet" crossorigin href="/assets/index-DfgOwh65.css">
</head>`;

/** A link at the contract's longest title and description: the worst case of the page's own bytes. */
const LONGEST_LINK: PublicPaymentLink = {
  linkId: 'AbCdEfGhIjKl',
  title: 'T'.repeat(100),
  description: 'D'.repeat(500),
  amountCents: 2450,
  isOpenAmount: false,
  tipPercent: 10,
  tipPresets: null,
  currency: 'nzd',
  // A recurring link's lines are the longest the page draws (docs/decisions.md #154).
  repeat: { every: 'fortnight', payments: 520 },
  businessName: 'B'.repeat(100),
  acceptingPayments: true,
  expired: false,
  expiredMessage: null,
  soldOut: false,
  placesHeld: false,
};

const render = (inlineCss?: string) =>
  renderPayerPage({
    link: LONGEST_LINK,
    pageUrl: 'https://pay.example/p/AbCdEfGhIjKl',
    origin: 'https://pay.example',
    assets: { ...spaAssetsFromIndexHtml(BUILT_INDEX_HTML), ...(inlineCss !== undefined && { inlineCss }) },
  }).html;

describe("/p/{id}'s critical path", () => {
  it('keeps the page’s own markup, tags and data under 3 kB gzip (the stylesheet comes on top)', () => {
    const html = render('');
    expect(gzipSync(html, { level: 9 }).length).toBeLessThanOrEqual(3 * 1024);
  });

  it('needs one request before the amount shows: the stylesheet is inline, the one script deferred', () => {
    const html = render('.text-4xl{font-size:2.25rem}');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style>.text-4xl{font-size:2.25rem}</style>');
    // Nothing in <head> that the browser must fetch before painting: no stylesheet link, no blocking script,
    // and no high-priority fetch (the entry's module script and preloads) racing the document: the boot
    // script, deferred, loads the entry after the first paint.
    expect(head).not.toMatch(/rel="stylesheet"|rel="modulepreload"/);
    expect([...head.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)).toEqual([
      `<script defer src="${PAYER_BOOT_PATH}" data-entry="/assets/index-XYL0ioyn.js">`,
    ]);
    // The amount is in that first response.
    expect(html).toContain('$24.50');
  });

  it('links the stylesheet when the function could not read it, rather than paint unstyled', () => {
    expect(render()).toContain('<link rel="stylesheet" crossorigin href="/assets/index-DfgOwh65.css">');
  });
});
