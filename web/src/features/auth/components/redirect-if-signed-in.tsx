import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '@web/components/page-spinner';
import { authStrings } from '../auth-strings';
import { useSignedInSession } from '../hooks/use-signed-in-session';
import { signedInDestination } from '../signed-in-destination';
import { mayBeSignedIn } from '@web/lib/session-record';

/**
 * For the pages of signed-out visitors (/login, /signup): a signed-in merchant goes to the dashboard
 * (a route guard). If the session cannot be checked, the page shows anyway: signing in still works.
 * A browser with no session record (lib/session-record.ts) is a visitor's: the page paints at once, and Amplify
 * is not downloaded to confirm it. With one, the page waits for the session's answer, so a signed-in merchant
 * never sees the form.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const location = useLocation();
  // Read once on mount: signing in on this page stores tokens, and then useFinishSignIn navigates itself.
  const [checkSession] = useState(mayBeSignedIn);
  return checkSession ? <RedirectIfSessionFound state={location.state}>{children}</RedirectIfSessionFound> : children;
}

function RedirectIfSessionFound({ state, children }: { state: unknown; children: ReactNode }) {
  const session = useSignedInSession();
  if (session.isPending) return <PageSpinner label={authStrings.checkingSession} />;
  if (session.data) return <Navigate to={signedInDestination(state)} replace />;
  return children;
}
