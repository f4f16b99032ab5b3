/**
 * GET /p/{id}: the payment page as HTML that already shows the link, with its link-preview tags
 * (docs/decisions.md #22). CloudFront sends `/p/*` here through the API and keeps the answer briefly; the
 * local gateway routes it here too. The script that makes the page interactive is the built SPA's own
 * entry, found in the site's index.html (the one file a deploy always replaces), so this function never
 * needs rebuilding when the web app changes.
 */
import { ENV } from '../environment';
import { publicLinkIdSchema, type PublicPaymentLink } from '@shared/contracts/payment-links';
import { prefilledAmountCents } from '@shared/payer-link-params';
import { log, observed } from '../adapters/observability';
import { paymentLinkDeps } from '../adapters/payment-link-deps';
import { HttpError } from '../domain/http-error';
import { renderPayerPage, spaAssetsFromIndexHtml, type SpaAssets } from '../domain/payer-page-html';
import { publicPaymentLink } from '../domain/payment-links';
import type { HttpEvent } from './http-handler';

/** As GET /api/links/{id}: a minute at the edge and in the browser; checkout reads the link afresh anyway. */
const CACHE_HEADERS = { 'cache-control': 'public, max-age=60' };
/** How long a warm function keeps the index.html and stylesheet it read: a deploy shows within this. */
const ASSETS_TTL_MS = 60_000;

let cachedAssets: { assets: SpaAssets; readAt: number } | undefined;

/**
 * The built SPA's entry script and stylesheet text, read from the site's index.html and the stylesheet it
 * names (a stylesheet that cannot be read is linked instead). Without index.html (the site is
 * unreachable, or there is no built SPA, as in the API-only tests) the page is still whole and readable,
 * only unstyled and static — better than no page — and is not cached.
 */
async function spaAssets(origin: string): Promise<{ assets: SpaAssets; complete: boolean }> {
  if (cachedAssets && Date.now() - cachedAssets.readAt < ASSETS_TTL_MS)
    return { assets: cachedAssets.assets, complete: true };
  try {
    const response = await fetch(`${origin}/index.html`, { signal: AbortSignal.timeout(2000) });
    if (!response.ok) throw new Error(`index.html answered ${response.status}`);
    const assets = spaAssetsFromIndexHtml(await response.text());
    if (!assets.entryScript) throw new Error('index.html names no entry script');
    const css = await Promise.all(
      assets.stylesheets.map(async (href) => {
        const sheet = await fetch(new URL(href, origin), { signal: AbortSignal.timeout(2000) });
        if (!sheet.ok) throw new Error(`${href} answered ${sheet.status}`);
        return sheet.text();
      }),
    ).catch((error: unknown) => {
      log.warn('Payer page links its stylesheet', { error: error instanceof Error ? error.message : String(error) });
      return undefined;
    });
    if (css) assets.inlineCss = css.join('\n');
    cachedAssets = { assets, readAt: Date.now() };
    return { assets, complete: true };
  } catch (error) {
    log.warn('Payer page without the SPA assets', { error: error instanceof Error ? error.message : String(error) });
    return { assets: { stylesheets: [] }, complete: false };
  }
}

async function loadLink(rawId: string | undefined): Promise<PublicPaymentLink | null> {
  const linkId = publicLinkIdSchema.safeParse(rawId);
  if (!linkId.success) return null;
  try {
    return await publicPaymentLink(linkId.data, paymentLinkDeps());
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

export const handler = observed(async (event: HttpEvent) => {
  const origin = process.env[ENV.appOrigin] ?? '';
  const rawId = event.pathParameters?.id;
  try {
    const [link, { assets, complete }] = await Promise.all([loadLink(rawId), spaAssets(origin)]);
    // The link's own id, so a shared link that picked up a trailing space or full stop previews cleanly.
    const pageUrl = `${origin}/p/${encodeURIComponent(link?.linkId ?? rawId ?? '')}`;
    // The one query the edge passes (and keys its cache on): a payment request's amount, docs/decisions.md #79.
    const prefillCents = prefilledAmountCents(event.queryStringParameters?.amount);
    const { status, html } = renderPayerPage({ link, pageUrl, origin, assets, prefillCents });
    return {
      statusCode: status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        ...(complete ? CACHE_HEADERS : { 'cache-control': 'no-store' }),
      },
      body: html,
    };
  } catch (error) {
    log.error('Payer page failed', { error: error instanceof Error ? error : String(error) });
    return {
      statusCode: 500,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      body: 'Something went wrong on our side. Please try again.',
    };
  }
});
