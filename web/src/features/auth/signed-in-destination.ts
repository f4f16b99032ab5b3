import type { SignInRedirectState } from './components/require-auth';

/**
 * Where a sign-in lands: the dashboard page RequireAuth sent the visitor away from (its router state),
 * or the dashboard home.
 */
export function signedInDestination(routerState: unknown): string {
  const from = (routerState as Partial<SignInRedirectState> | null | undefined)?.from;
  if (from && typeof from.pathname === 'string' && from.pathname.startsWith('/dashboard')) {
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  return '/dashboard';
}
