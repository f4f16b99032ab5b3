/**
 * GET /p/{id} as the page function answers it through the local gateway (docs/decisions.md #22): the link
 * drawn into the HTML for fixed and open amounts, the not-found and not-accepting cards, link-preview tags
 * for a crawler that runs no script, every merchant-entered string kept as text, and the gateway's
 * compression and cache headers as CloudFront sends them.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_NOT_ACCEPTING_MESSAGE, LINK_NOT_FOUND_NEXT_STEP, LINK_NOT_FOUND_TITLE } from '@shared/payment-messages';
import { PAYER_PAGE_DATA_ID } from '@shared/payer-page-words';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

/** A built SPA's shape: index.html naming hashed assets, as Vite writes it. */
const staticDir = mkdtempSync(path.join(tmpdir(), 'paylink-payer-page-'));
const BIG_SCRIPT = `console.log(${JSON.stringify('paylink '.repeat(400))});\n`;
const INDEX_HTML = `<!doctype html><html><head><title>Paylink</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-def456.css">
</head><body><div id="root"></div></body></html>`;

let env: TestRuntime;
let merchant: TestMerchant;
/** Can take no payment: Stripe never connected. */
let unconnected: TestMerchant;

beforeAll(async () => {
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js'), BIG_SCRIPT);
  writeFileSync(path.join(staticDir, 'assets', 'index-def456.css'), 'body{margin:0}');
  env = await bootLocalRuntime({ staticDir });
  merchant = await env.connectedMerchant({ companyName: 'Harbour Cafe' });
  unconnected = await env.createMerchant({ companyName: 'Quiet Shop' });
});
afterAll(async () => {
  await env?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

/** The page as a crawler fetches it: no script, a bot's user agent. */
async function page(linkId: string) {
  const response = await env.api(`/p/${encodeURIComponent(linkId)}`, {
    headers: { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** The `content` of `<meta property|name="…">`, decoded as a browser would. */
function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return match?.[1]
    ?.replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

/** The visible text of the page, tags stripped and entities decoded (what a person reads without script). */
function visibleText(html: string): string {
  const body = html.slice(html.indexOf('<body>'), html.indexOf(`<script type="application/json"`));
  return body
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');
}

describe('GET /p/{id}', () => {
  it('draws a fixed-amount link with its tips, total and Pay Now, and the preview tags', async () => {
    const link = await env.createLink(merchant, {
      title: 'Flat white',
      description: 'Double shot, any milk',
      isOpenAmount: false,
      amountCents: 2450,
      tipPercent: 10,
    });
    const { status, headers, html } = await page(link.linkId);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headers.get('cache-control')).toBe('public, max-age=60');
    const text = visibleText(html);
    for (const words of [
      'Pay Harbour Cafe',
      'Flat white',
      'Double shot, any milk',
      'Amount $24.50',
      'Add a tip',
      'No Tip',
      '10% · $2.45',
      'Total $24.50',
      'Pay Now',
    ]) {
      expect(text).toContain(words);
    }
    expect(metaContent(html, 'og:title')).toBe('Flat white');
    expect(metaContent(html, 'og:description')).toBe('Pay Harbour Cafe NZ$24.50');
    expect(metaContent(html, 'og:url')).toBe(`${env.baseUrl}/p/${link.linkId}`);
    expect(metaContent(html, 'og:image')).toBe(`${env.baseUrl}/og-paylink.png`);
    expect(metaContent(html, 'og:site_name')).toBe('Paylink');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    // The built SPA's own stylesheet, inlined (one request before the amount shows), and its entry script,
    // loaded after the first paint by the boot script.
    expect(html).toContain('<style>body{margin:0}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<script defer src="/payer-boot.js" data-entry="/assets/index-abc123.js"></script>');
    // The script takes over from the same data, without asking the API again.
    const data = new RegExp(`<script type="application/json" id="${PAYER_PAGE_DATA_ID}">(.*?)</script>`).exec(html);
    expect(JSON.parse(data![1]!)).toMatchObject({
      link: { linkId: link.linkId, amountCents: 2450, acceptingPayments: true },
    });
  });

  it('draws an open-amount link with the amount field, and previews only the business', async () => {
    const link = await env.createLink(merchant, {
      title: 'Koha',
      description: null,
      isOpenAmount: true,
      amountCents: null,
      tipPercent: null,
    });
    const { status, html } = await page(link.linkId);
    expect(status).toBe(200);
    expect(html).toMatch(
      /<label for="pay-amount"[^>]*>Enter Amount \(NZD\)<\/label><input id="pay-amount" type="number"/,
    );
    expect(visibleText(html)).not.toContain('Add a tip');
    expect(metaContent(html, 'og:description')).toBe('Pay Harbour Cafe');
  });

  it('answers 404 with the not-found card for an unknown and for an inactive link, without preview tags', async () => {
    const link = await env.createLink(merchant, {
      title: 'Old special',
      description: null,
      isOpenAmount: false,
      amountCents: 900,
      tipPercent: null,
    });
    const off = await env.api(`/api/me/links/${link.linkId}`, {
      method: 'PATCH',
      token: merchant.accessToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ isActive: false }),
    });
    expect(off.status).toBe(200);
    for (const linkId of [link.linkId, 'no-such-link', '%3Cscript%3E']) {
      const { status, html } = await page(linkId);
      expect(status, linkId).toBe(404);
      expect(visibleText(html)).toContain(LINK_NOT_FOUND_TITLE);
      expect(visibleText(html)).toContain(LINK_NOT_FOUND_NEXT_STEP);
      expect(html).not.toContain('Old special');
      expect(metaContent(html, 'og:title')).toBeUndefined();
    }
  });

  it("opens a shared link that picked up a space or the sentence's punctuation (docs/decisions.md #67)", async () => {
    const link = await env.createLink(merchant, {
      title: 'Long black',
      description: null,
      isOpenAmount: false,
      amountCents: 450,
      tipPercent: null,
    });
    for (const shared of [
      `${link.linkId} `,
      `${link.linkId}.`,
      `${link.linkId},`,
      `(${link.linkId})`,
      ` ${link.linkId}!`,
    ]) {
      const { status, html } = await page(shared);
      expect(status, shared).toBe(200);
      expect(visibleText(html)).toContain('Long black');
      expect(metaContent(html, 'og:url')).toBe(`${env.baseUrl}/p/${link.linkId}`);
      const api = await env.api(`/api/links/${encodeURIComponent(shared)}`);
      expect(api.status, shared).toBe(200);
      expect(await api.json()).toMatchObject({ linkId: link.linkId, title: 'Long black' });
    }
    // Punctuation inside the id is not trimmed away: the id stays exact.
    expect((await page(`${link.linkId.slice(0, 6)}.${link.linkId.slice(6)}`)).status).toBe(404);
  });

  it('answers HEAD as GET would, without the body (crawlers that check a link first)', async () => {
    const link = await env.createLink(merchant, {
      title: 'Scone',
      description: null,
      isOpenAmount: false,
      amountCents: 650,
      tipPercent: null,
    });
    const found = await env.api(`/p/${link.linkId}`, { method: 'HEAD' });
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await found.text()).toBe('');
    const missing = await env.api('/p/no-such-link', { method: 'HEAD' });
    expect(missing.status).toBe(404);
  });

  it('shows the not-accepting card for a merchant who cannot take payments (docs/decisions.md #11)', async () => {
    const link = await env.createLink(unconnected, {
      title: 'Scone',
      description: null,
      isOpenAmount: false,
      amountCents: 450,
      tipPercent: null,
    });
    const { status, html } = await page(link.linkId);
    expect(status).toBe(200);
    const text = visibleText(html);
    expect(text).toContain('Scone');
    expect(text).toContain(LINK_NOT_ACCEPTING_MESSAGE);
    expect(text).not.toContain('Pay Now');
  });

  it('keeps every merchant-entered string as text, in the body and in the tags', async () => {
    const attack = '"><script>alert(1)</script>';
    const attacker = await env.connectedMerchant({ companyName: `Cafe ${attack}` });
    const link = await env.createLink(attacker, {
      title: attack,
      description: `</textarea>${attack}'&`,
      isOpenAmount: false,
      amountCents: 100,
      tipPercent: null,
    });
    const { html } = await page(link.linkId);
    // The only scripts are the app's own and the JSON data block; nothing the merchant typed opens a tag.
    expect(html.match(/<script\b/g)).toHaveLength(2);
    expect(html).not.toContain('alert(1)</script>');
    expect(metaContent(html, 'og:title')).toBe(attack);
    expect(metaContent(html, 'og:description')).toBe(`Pay Cafe ${attack} NZ$1.00`);
    expect(visibleText(html)).toContain(`Pay Cafe ${attack}`);
    expect(visibleText(html)).toContain(`</textarea>${attack}'&`);
    const data = new RegExp(`<script type="application/json" id="${PAYER_PAGE_DATA_ID}">(.*?)</script>`).exec(html);
    expect(JSON.parse(data![1]!).link.title).toBe(attack);
  });
});

describe('the gateway serves what CloudFront would', () => {
  it('compresses by Accept-Encoding: brotli first, then gzip, else none', async () => {
    const asset = '/assets/index-abc123.js';
    const raw = await fetch(`${env.baseUrl}${asset}`, { headers: { 'accept-encoding': 'identity' } });
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(await raw.text()).toBe(BIG_SCRIPT);
    // undici would decode on its own and hide the encoding: read the raw bytes with node:http instead.
    const http = await import('node:http');
    const rawGet = (encoding: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
        http
          .get(`${env.baseUrl}${asset}`, { headers: { 'accept-encoding': encoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                encoding: response.headers['content-encoding'],
                vary: response.headers.vary,
                body: Buffer.concat(chunks),
              }),
            );
          })
          .on('error', reject);
      });
    const br = await rawGet('gzip, deflate, br');
    expect(br).toMatchObject({ encoding: 'br', vary: 'Accept-Encoding' });
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_SCRIPT);
    expect(br.body.length).toBeLessThan(BIG_SCRIPT.length / 5);
    const gzip = await rawGet('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(BIG_SCRIPT);
  });

  it('caches hashed assets for a year, revalidates index.html, and keeps a page a minute', async () => {
    const asset = await fetch(`${env.baseUrl}/assets/index-def456.css`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const spa = await fetch(`${env.baseUrl}/dashboard`);
    expect(spa.headers.get('cache-control')).toBe('no-cache');
    const link = await env.createLink(merchant, {
      title: 'Muffin',
      description: null,
      isOpenAmount: false,
      amountCents: 500,
      tipPercent: null,
    });
    const payerPage = await fetch(`${env.baseUrl}/p/${link.linkId}`);
    expect(payerPage.headers.get('cache-control')).toBe('public, max-age=60');
  });
});
