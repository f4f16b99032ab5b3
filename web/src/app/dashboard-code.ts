/**
 * The dashboard guard's and home's code, asked for by the router's routes (router.tsx) and, on a signed-in
 * merchant's /dashboard, by the entry as soon as the page starts (main.tsx, docs/decisions.md #247): the router
 * asks only once the app's own chunk has arrived and run, a round trip later. The same import either way, so
 * the code is fetched and run once.
 */
export const importDashboardGuard = () => import('./routes/dashboard-guard-route');
export const importDashboardHome = () => import('../features/dashboard/components/dashboard-home');

/** Whether `pathname` is the dashboard's home (its index route). */
export function isDashboardHome(pathname: string): boolean {
  return /^\/dashboard\/?$/.test(pathname);
}

/** Starts fetching the dashboard's code for `pathname` (its guard; the home's too on the home itself). */
export function startDashboardCode(pathname: string): void {
  // A failure is the router's to show when it asks for the same code.
  import('./dashboard-contracts').catch(() => undefined);
  importDashboardGuard().catch(() => undefined);
  if (isDashboardHome(pathname)) importDashboardHome().catch(() => undefined);
}
