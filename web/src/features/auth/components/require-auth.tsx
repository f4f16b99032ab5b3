import type { ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router-dom';
import { PageSpinner } from '@web/components/page-spinner';
import { Button } from '@web/components/ui/button';
import { authStrings } from '../auth-strings';
import { useSignedInSession } from '../hooks/use-signed-in-session';

/** Router state handed to /login, so that signing in returns the visitor to the page they asked for. */
export interface SignInRedirectState {
  from: Location;
}

/**
 * Renders its children only for a signed-in user; sends a visitor to /login. `pending` is drawn while the
 * session is read (a spinner unless the page has its own frame).
 */
export function RequireAuth({ children, pending }: { children: ReactNode; pending?: ReactNode }) {
  const location = useLocation();
  const session = useSignedInSession();

  if (session.isPending) return pending ?? <PageSpinner label={authStrings.checkingSession} />;
  if (session.isLoadingError) return <SessionCheckFailed onRetry={() => void session.refetch()} />;
  if (!session.data) {
    const state: SignInRedirectState = { from: location };
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}

/** The runtime config or Cognito could not be reached: say so rather than pretend nobody is signed in. */
function SessionCheckFailed({ onRetry }: { onRetry: () => void }) {
  const strings = authStrings.sessionCheckFailed;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-surface px-4">
      <div
        role="alert"
        className="flex max-w-sm flex-col items-center gap-4 rounded-card border border-border bg-background p-8 text-center shadow-sm"
      >
        <h1 className="text-xl font-semibold">{strings.heading}</h1>
        <p className="text-muted-foreground">{strings.body}</p>
        <Button onClick={onRetry}>{strings.retry}</Button>
      </div>
    </main>
  );
}
