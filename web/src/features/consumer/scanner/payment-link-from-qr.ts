import { LINK_ID_PATTERN } from '@shared/contracts/payment-links';

/**
 * The payment page a scanned QR code names, or null. Only this site's own payment links (origin + /p/{id})
 * are followed: a QR code is a URL anyone can print, and the scanner must not open arbitrary sites.
 */
export function paymentLinkFromQr(text: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const linkId = /^\/p\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  if (!linkId || !LINK_ID_PATTERN.test(linkId)) return null;
  return `${origin}/p/${linkId}`;
}
