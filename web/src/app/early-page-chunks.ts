/**
 * The pages a visitor most often opens first (landing, sign-in, sign-up) are fetched alongside the merchant
 * app instead of after it: otherwise their chunk is only asked for once the app's code has arrived and the
 * router has started. The router's `lazy` import()s of the same modules (router.tsx) then find them already
 * loading, so nothing is fetched twice.
 */
const earlyPages: Record<string, () => Promise<unknown>> = {
  '/': () => import('../features/landing/components/landing-page'),
  '/login': () =>
    Promise.all([import('./routes/signed-out-guard-route'), import('../features/auth/components/login-page')]),
  '/signup': () =>
    Promise.all([import('./routes/signed-out-guard-route'), import('../features/signup/components/signup-page')]),
};

export function preloadEarlyPage(pathname: string): void {
  const load = earlyPages[pathname.replace(/\/+$/, '') || '/'];
  // A failure is the router's to report (its route error screen), when it imports the same module.
  load?.().catch(() => undefined);
}
