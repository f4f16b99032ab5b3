import { Outlet } from 'react-router-dom';
import { RedirectIfSignedIn } from '@web/features/auth/components/redirect-if-signed-in';

/** /login and /signup are for visitors: a signed-in merchant is sent to the dashboard. */
export function SignedOutGuardRoute() {
  return (
    <RedirectIfSignedIn>
      <Outlet />
    </RedirectIfSignedIn>
  );
}
