import { Outlet } from 'react-router-dom';
import { RolePage } from '@web/features/team';

/**
 * The dashboard's pages that a role below theirs may not open (issue 46, docs/decisions.md #235): Payouts and
 * Settings are the owner's, Subscribers a manager's, as the server's routes behind them are
 * (functions/catalog/merchant-roles.ts). The sidebar leaves them out of the menu for the same roles.
 */
export function OwnerRoute() {
  return (
    <RolePage least="owner">
      <Outlet />
    </RolePage>
  );
}

export function ManagerRoute() {
  return (
    <RolePage least="manager">
      <Outlet />
    </RolePage>
  );
}
