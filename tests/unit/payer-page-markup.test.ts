/**
 * /p/{id} is drawn twice: by the server, as the first HTML a phone paints (functions/domain/payer-page-html.ts),
 * and by the React page that makes it interactive (web/src/features/payer). Both draw
 * shared/payer-page-markup.ts, and the React page adopts the server's nodes when it hydrates
 * (docs/decisions.md #144) — which works only while the two renderings are the same: the same elements,
 * attributes, classes and text, for every state of a link.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicPaymentLink } from '@shared/contracts/payment-links';
import { prefilledAmountCents } from '@shared/payer-link-params';
import { renderPayerPage } from '@functions/domain/payer-page-html';
import { PaymentPage } from '@web/features/payer/components/payment-page';
import { serverRenderedLink } from '@web/features/payer/api/server-rendered-link';
import { parseHtml, withClassSets } from '@tests/support/html-tree';

const LINK: PublicPaymentLink = {
  linkId: 'AbCdEfGhIjKl',
  title: 'Brunch <for> two & "friends"',
  description: 'Eggs benedict\nand two flat whites.',
  amountCents: 2450,
  isOpenAmount: false,
  tipPercent: 10,
  tipPresets: [10, 15, 20],
  currency: 'nzd',
  businessName: "Harbour's Cafe",
  acceptingPayments: true,
  expired: false,
  expiredMessage: null,
  soldOut: false,
  placesHeld: false,
  repeat: null,
};

/** What the server writes into #root for the link, with `?query` as the address's. */
function serverRoot(link: PublicPaymentLink | null, query: string): string {
  const { html } = renderPayerPage({
    link,
    pageUrl: 'https://pay.example/p/AbCdEfGhIjKl',
    origin: 'https://pay.example',
    assets: { stylesheets: [] },
    prefillCents: prefilledAmountCents(new URLSearchParams(query).get('amount')),
  });
  const root = /<div id="root">([\s\S]*)<\/div>\n<script type="application\/json"/.exec(html);
  if (!root) throw new Error('The page has no #root');
  return root[1]!;
}

/**
 * What the React page renders from the data the server handed over, as it is while it hydrates (React's
 * server renderer draws a component as hydration's first render does: no effects yet). The page reads the
 * address (a payment request's `?amount=`) and the server's JSON from the document; those two are given.
 */
function reactRoot(link: PublicPaymentLink | null, query: string): string {
  const data = JSON.stringify({ link });
  vi.stubGlobal('window', { location: { search: query } });
  vi.stubGlobal('document', { getElementById: () => ({ textContent: data }) });
  const initial = serverRenderedLink(LINK.linkId);
  expect(initial, 'the server’s JSON is taken as the link').toBeDefined();
  return renderToStaticMarkup(createElement(PaymentPage, { linkId: LINK.linkId, initial }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const cases: { state: string; link: PublicPaymentLink | null; query?: string }[] = [
  { state: 'a fixed amount with a tip, a business and a description', link: LINK },
  {
    state: 'a fixed amount without tip, business or description',
    link: { ...LINK, tipPercent: null, tipPresets: [], businessName: null, description: null },
  },
  {
    state: 'a link made before presets, offering its one percentage',
    link: { ...LINK, tipPercent: 12, tipPresets: null },
  },
  {
    state: 'a weekly link for 10 payments, with a tip on the first',
    link: { ...LINK, repeat: { every: 'week', payments: 10 } },
  },
  { state: 'an open amount, empty', link: { ...LINK, isOpenAmount: true, amountCents: null } },
  {
    state: 'an open amount filled in by a payment request',
    link: { ...LINK, isOpenAmount: true, amountCents: null },
    query: '?amount=12.50',
  },
  {
    state: 'expired, in the merchant’s words',
    link: { ...LINK, expired: true, expiredMessage: 'Sold at the market.' },
  },
  { state: 'expired, in the default words', link: { ...LINK, expired: true } },
  { state: 'paused', link: { ...LINK, acceptingPayments: false } },
  { state: 'sold out', link: { ...LINK, soldOut: true } },
  { state: 'not found', link: null },
];

describe('the payer page: the server’s HTML and the React page draw the same markup', () => {
  it.each(cases)('$state', ({ link, query = '' }) => {
    const server = withClassSets(parseHtml(serverRoot(link, query)));
    const react = withClassSets(parseHtml(reactRoot(link, query)));
    expect(react).toEqual(server);
    // The link's own words are there, escaped once (never as markup).
    if (link) expect(JSON.stringify(server)).toContain(JSON.stringify(link.title).slice(1, -1));
  });
});
