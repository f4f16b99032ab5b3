/**
 * The security headers every answer of the site carries: one definition for CloudFront's response-headers
 * policy (infra/constructs/web-hosting.ts) and the local gateway, which stands where CloudFront does.
 * The two differ only in the hosts the app talks to and in what needs https (HSTS, upgrading requests).
 */

export interface SiteOrigins {
  /** Where Amplify signs merchants in: Cognito's regional endpoint, or cognito-local. */
  cognito: string;
  /** The realtime WebSocket API (`wss://…` in the cloud, `ws://…` locally). */
  realtime: string;
  /** Served over https: adds HSTS and `upgrade-insecure-requests`. */
  https: boolean;
}

export function contentSecurityPolicy(origins: SiteOrigins): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Radix's scroll lock and the toast library inject <style> elements at run time; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    // QR codes are drawn to data: and blob: URLs.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // The sign-up bot check (ALTCHA) solves its proof of work in Web Workers, which it may start from blob: URLs.
    "worker-src 'self' blob:",
    // The API is same-origin; Amplify talks to Cognito directly; realtime updates arrive over the WebSocket API.
    `connect-src 'self' ${origins.cognito} ${origins.realtime}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(origins.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Two years: long enough for browsers' preload lists. */
export const HSTS_MAX_AGE_SECONDS = 730 * 24 * 60 * 60;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/**
 * The camera stays allowed for the site itself: the consumer wallet's Scan & Pay reads QR codes with it.
 * Nothing else of the kind is used.
 */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=()';
export const CROSS_ORIGIN_OPENER_POLICY = 'same-origin';

/** The headers as the browser receives them, by lowercase name (what the local gateway sends). */
export function securityHeaders(origins: SiteOrigins): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(origins),
    ...(origins.https && { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` }),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
    'x-xss-protection': '0',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': CROSS_ORIGIN_OPENER_POLICY,
  };
}
