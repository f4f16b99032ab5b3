/**
 * The pages a visitor reaches from the landing page, drawn at build time into HTML of their own (web/prerender.tsx,
 * written by the build's prerender step), so they paint from the first response instead of after the app's
 * script: the landing page, sign-in and sign-up, support and the legal pages. Their code hydrates the same
 * markup later: the landing page's header island after the paint, the app once the visitor reaches for the
 * page (docs/decisions.md #90, #220).
 *
 * One map for the three places that must agree: the build writes each file, CloudFront's routing function
 * (infra/constructs/web-hosting.ts) and the local gateway (infra/local/gateway/cloudfront-delivery.ts) answer the
 * address with it (`pageFileFor`, with PRELOADING_SHELLS below). Every other extension-less address gets the empty
 * shell, index.html.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': '/prerendered/landing.html',
  '/login': '/prerendered/login.html',
  '/signup': '/prerendered/signup.html',
  '/support': '/prerendered/support.html',
  '/privacy': '/prerendered/privacy.html',
  '/terms': '/prerendered/terms.html',
  '/stripe-disclaimer': '/prerendered/stripe-disclaimer.html',
};

/**
 * The prerendered pages drawn as a visitor with no session sees them: the forms, which send a signed-in
 * merchant on to the dashboard. A browser that may hold a session starts their code at once and draws them
 * afresh. Every other prerendered page is the same for everyone, and is always adopted as drawn.
 */
export const SIGNED_OUT_PAGES: ReadonlySet<string> = new Set(['/login', '/signup']);

/** The address as the map names it: `/login/` as `/login`. */
export function prerenderedPath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** The prerendered file for an address (`/login/` as `/login`), or undefined for the SPA's shell. */
export function prerenderedPageFor(pathname: string): string | undefined {
  return PRERENDERED_PAGES[prerenderedPath(pathname)];
}

/**
 * Addresses answered by the app's shell (index.html) with their page's code asked for in the same response, at
 * low priority, behind the entry's own scripts (web/page-shells.ts writes each, with its page's frame drawn in it): a signed-in merchant's
 * dashboard home downloads its code beside the entry instead of once the entry has run (docs/decisions.md #280).
 * Routed as the prerendered pages are, by the same three places.
 */
export const PRELOADING_SHELLS: Readonly<Record<string, string>> = {
  '/dashboard': '/shells/dashboard.html',
};

/** The HTML file CloudFront answers an extension-less address with: a prerendered page, a preloading shell, else none (index.html). */
export function pageFileFor(pathname: string): string | undefined {
  const page = prerenderedPath(pathname);
  return PRERENDERED_PAGES[page] ?? PRELOADING_SHELLS[page];
}
