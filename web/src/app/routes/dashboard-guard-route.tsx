import { Outlet } from 'react-router-dom';
import { RequireAuth } from '../../features/auth/components/require-auth';

/** Everything under /dashboard needs a signed-in merchant. */
export function DashboardGuardRoute() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}
