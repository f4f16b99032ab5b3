/**
 * The pages a visitor most often opens first are fetched alongside the merchant app instead of after it:
 * otherwise their chunk is only asked for once the app's code has arrived and the router has started. The
 * router's `lazy` import()s of the same modules (router.tsx) then find them already loading, so nothing is
 * fetched twice.
 */
import { mayHaveStoredSession } from '../features/auth/stored-session';

const earlyPages: Record<string, () => Promise<unknown>> = {
  '/': () => import('../features/landing/components/landing-page'),
  '/login': () =>
    Promise.all([import('./routes/signed-out-guard-route'), import('../features/auth/components/login-page')]),
  '/signup': () =>
    Promise.all([import('./routes/signed-out-guard-route'), import('../features/signup/components/signup-page')]),
  '/dashboard': () => import('../features/dashboard/components/dashboard-home'),
  '/dashboard/transactions': () => import('../features/transactions/components/transactions-page'),
};

/**
 * Every dashboard page waits for the guard's code, then for Amplify and /config.json to read the session,
 * before its own code and data are even asked for: with a stored session, all of it starts at once.
 */
function preloadSignedInDashboard(): void {
  if (!mayHaveStoredSession()) return; // a visitor is sent to /login: none of it is needed
  void import('./routes/dashboard-guard-route').catch(() => undefined);
  void import('../lib/auth').then(({ configureAuth }) => configureAuth()).catch(() => undefined);
}

export function preloadEarlyPage(pathname: string): void {
  const page = pathname.replace(/\/+$/, '') || '/';
  if (page === '/dashboard' || page.startsWith('/dashboard/')) preloadSignedInDashboard();
  // A failure is the router's to report (its route error screen), when it imports the same module.
  earlyPages[page]?.().catch(() => undefined);
}
