/**
 * The pages a visitor most often opens first, drawn at build time into HTML of their own (web/prerender.tsx,
 * written by the build's prerender step), so they paint from the first response instead of after the app's
 * script: the landing page, sign-in and sign-up. Their code hydrates the same markup later: the landing
 * page's header island after the paint, the forms once used (docs/decisions.md #90).
 *
 * One map for the three places that must agree: the build writes each file, CloudFront's routing function
 * (infra/constructs/web-hosting.ts) and the local gateway (infra/local/gateway.ts) answer the address with it.
 * Every other extension-less address gets the empty shell, index.html.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': '/prerendered/landing.html',
  '/login': '/prerendered/login.html',
  '/signup': '/prerendered/signup.html',
};

/** The prerendered file for an address (`/login/` as `/login`), or undefined for the SPA's shell. */
export function prerenderedPageFor(pathname: string): string | undefined {
  return PRERENDERED_PAGES[pathname.replace(/\/+$/, '') || '/'];
}
