import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../../components/page-spinner';
import { authStrings } from '../auth-strings';
import { useSignedInSession } from '../hooks/use-signed-in-session';
import { signedInDestination } from '../signed-in-destination';

/**
 * For the pages of signed-out visitors (/login, /signup): a signed-in merchant goes to the dashboard
 * (spec §2, route guard). If the session cannot be checked, the page shows anyway: signing in still works.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useSignedInSession();
  if (session.isPending) return <PageSpinner label={authStrings.checkingSession} />;
  if (session.data) return <Navigate to={signedInDestination(location.state)} replace />;
  return children;
}
