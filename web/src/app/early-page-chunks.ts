/**
 * The pages a visitor most often opens first are fetched alongside the merchant app instead of after it:
 * otherwise their chunk is only asked for once the app's code has arrived and the router has started. The
 * router's `lazy` import()s of the same modules (router.tsx) then find them already loading, so nothing is
 * fetched twice.
 */
import { mayHaveStoredSession, storedAccessToken } from '../features/auth/stored-session';
import { DASHBOARD_HOME_FIRST_READS } from '../features/dashboard/api/first-reads';
import { startEarlyRead } from '../lib/early-reads';
import { RUNTIME_CONFIG_PATH, RUNTIME_CONFIG_REQUEST } from '../lib/runtime-config-request';

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
 * before its own code and data are even asked for: with a stored session, all of it starts at once, and
 * the home's data too while the stored token is good (docs/decisions.md #102).
 */
function preloadSignedInDashboard(page: string): void {
  if (!mayHaveStoredSession()) return; // a visitor is sent to /login: none of it is needed
  // After the frame's first paint (main.tsx draws it at once): a phone's model of the page counts every
  // request begun before the first paint as holding it up.
  requestAnimationFrame(() =>
    setTimeout(() => {
      startEarlyRead(RUNTIME_CONFIG_PATH, RUNTIME_CONFIG_REQUEST);
      const accessToken = page === '/dashboard' ? storedAccessToken() : null;
      if (accessToken) for (const path of DASHBOARD_HOME_FIRST_READS) startEarlyRead(path, {}, accessToken);
    }),
  );
  void import('./routes/dashboard-guard-route').catch(() => undefined);
  void import('../lib/auth').then(({ configureAuth }) => configureAuth()).catch(() => undefined);
}

export function preloadEarlyPage(pathname: string): void {
  const page = pathname.replace(/\/+$/, '') || '/';
  if (page === '/dashboard' || page.startsWith('/dashboard/')) preloadSignedInDashboard(page);
  // A failure is the router's to report (its route error screen), when it imports the same module.
  earlyPages[page]?.().catch(() => undefined);
}
