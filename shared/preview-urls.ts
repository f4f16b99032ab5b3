/**
 * The site's own link-preview tags (og:image, og:url, twitter:image) name files by path, because a build
 * does not know the origin it will be served from; link-preview crawlers (WhatsApp, Facebook, iMessage)
 * ignore relative URLs. Whatever serves the HTML — the deployment (with the CloudFront domain), the local
 * gateway, the dev server — makes them absolute on its own origin with this one function.
 */
const RELATIVE_PREVIEW_URL =
  /(<meta\s+(?:property|name)="(?:og:image|og:url|twitter:image)"\s+content=")(\/(?!\/)[^"]*)"/g;

export function hasRelativePreviewUrls(html: string): boolean {
  return new RegExp(RELATIVE_PREVIEW_URL.source).test(html);
}

/** `origin` without a trailing slash, e.g. `https://d111111abcdef8.cloudfront.net`. */
export function withAbsolutePreviewUrls(html: string, origin: string): string {
  return html.replace(RELATIVE_PREVIEW_URL, (_, start: string, urlPath: string) => `${start}${origin}${urlPath}"`);
}
