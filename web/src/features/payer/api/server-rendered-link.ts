import type { PublicPaymentLink } from '@shared/contracts/payment-links';
import { LINK_NOT_FOUND_MESSAGE } from '@shared/payment-messages';
import { PAYER_PAGE_DATA_ID } from '@shared/payer-page-words';
import { ApiRequestError } from '@web/lib/api-request-error';
import { matchesShape } from './answer-shape';
import type { Outcome } from './load-once';
import { publicLinkShape } from './payer-api';

/**
 * The link the server drew /p/{id} with (functions/domain/payer-page-html.ts hands it over as JSON), as
 * the outcome GET /api/links/{id} would have given: the page takes over from the server's HTML without a
 * second request. Undefined when there is none (the Vite dev server serves the SPA's own index.html) or it
 * is for another link or malformed — then the page asks the API as before.
 */
export function serverRenderedLink(linkId: string): Outcome<PublicPaymentLink> | undefined {
  const element = document.getElementById(PAYER_PAGE_DATA_ID);
  if (!element?.textContent) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(element.textContent);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null || !('link' in data)) return undefined;
  const { link } = data;
  if (link === null) {
    return { ok: false, error: new ApiRequestError(404, 'link_not_found', LINK_NOT_FOUND_MESSAGE) };
  }
  if (!matchesShape(link, publicLinkShape) || link.linkId !== linkId) return undefined;
  return { ok: true, value: link };
}
