/**
 * The path prefixes the catalogue's page routes answer under (its pagePathPatterns: the payer page `/p/*`, a
 * request's unsubscribe page `/unsubscribe/*`, the receipt `/r/*`), for the dev
 * server, which forwards them to the page function as CloudFront does and may not import the catalogue:
 * tests/integration/app-url-pages.test.ts checks the two agree.
 */
export const PAGE_PREFIXES = ['/p/', '/unsubscribe/', '/r/'];
