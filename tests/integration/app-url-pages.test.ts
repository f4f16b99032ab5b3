/**
 * Issue 23 item 9: local = cloud for pages. `npm start`'s App URL (the Vite dev server, started as
 * `npm start` starts it) answers `/p/{id}` with the page function, as CloudFront does: a link made locally
 * and pasted into a chat is read by the crawler with its own title and amount, every URL in its preview
 * tags absolute, on GET and HEAD; an unknown id gets the function's not-found page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '@functions/catalog';
import { pagePathPatterns } from '@functions/function-spec';
import { startAppServer, type AppServer } from '@infra/local/app-server';
import type { PaymentLink } from '@shared/contracts/payment-links';
import { PAGE_PREFIXES } from '@shared/page-routes';
import { PAYER_PAGE_DATA_ID } from '@shared/payer-page-words';
import { bootLocalRuntime, type TestRuntime } from './harness';

/** What WhatsApp, iMessage and Facebook send: a plain fetch, no JavaScript. */
const CRAWLER = { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' };

let env: TestRuntime;
let app: AppServer;
let link: PaymentLink;

beforeAll(async () => {
  env = await bootLocalRuntime();
  app = await startAppServer({ port: 0, runtime: env.runtime });
  env.runtime.useAppOrigin(app.url);
  const merchant = await env.connectedMerchant();
  link = await env.createLink(merchant, {
    title: 'Kōwhai honey 500 g',
    isOpenAmount: false,
    amountCents: 1850,
    tipPercent: 0,
  });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await env?.stop();
});

/** Every `<meta property|name="…" content="…">` of the page, by its name. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, name, content] of html.matchAll(/<meta\s+(?:property|name)="([^"]+)"\s+content="([^"]*)"/g)) {
    tags[name!] = content!;
  }
  return tags;
}

describe("the App URL's /p/{id}", () => {
  it("forwards exactly the catalogue's page routes", () => {
    expect(PAGE_PREFIXES.map((prefix) => `${prefix}*`)).toEqual(pagePathPatterns(catalog));
  });

  it("answers a crawler with the link's own title and amount, every preview URL absolute on the App URL", async () => {
    const response = await fetch(`${app.url}/p/${link.linkId}`, { headers: CRAWLER });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const tags = metaTags(await response.text());
    expect(tags).toMatchObject({
      'og:title': 'Kōwhai honey 500 g',
      'og:description': expect.stringContaining('NZ$18.50'),
      'twitter:title': 'Kōwhai honey 500 g',
      'og:url': `${app.url}/p/${link.linkId}`,
      'og:image': `${app.url}/og-paylink.png`,
      'twitter:image': `${app.url}/og-paylink.png`,
    });
    for (const name of ['og:url', 'og:image', 'twitter:image']) expect(new URL(tags[name]!).origin).toBe(app.url);
    const image = await fetch(tags['og:image']!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('is the page function’s page, made interactive by the dev entry', async () => {
    const html = await (await fetch(`${app.url}/p/${link.linkId}`)).text();
    expect(html).toContain(`<script type="application/json" id="${PAYER_PAGE_DATA_ID}">{"link":{`);
    expect(html).toContain('Kōwhai honey 500 g');
    expect(html).toContain('<script type="module" src="/src/main.tsx"></script>');
    expect(html).toContain('/@vite/client');
  });

  it('answers HEAD as GET, without a body', async () => {
    const response = await fetch(`${app.url}/p/${link.linkId}`, { method: 'HEAD', headers: CRAWLER });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe('');
    const unknown = await fetch(`${app.url}/p/lnk_doesnotexist0000`, { method: 'HEAD', headers: CRAWLER });
    expect(unknown.status).toBe(404);
  });

  it("an unknown id gets the page function's not-found page, not the app shell", async () => {
    const response = await fetch(`${app.url}/p/lnk_doesnotexist0000`, { headers: CRAWLER });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(metaTags(html)).toMatchObject({ robots: 'noindex' });
    expect(metaTags(html)['og:title']).toBeUndefined();
  });

  it("the app shell's own preview image is absolute too", async () => {
    const tags = metaTags(await (await fetch(`${app.url}/`, { headers: CRAWLER })).text());
    expect(tags['og:image']).toBe(`${app.url}/og-paylink.png`);
  });
});
