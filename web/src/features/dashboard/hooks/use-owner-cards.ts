import { roleAllows } from '@shared/roles';
import { useCurrentRole } from '@web/features/team';

/**
 * Whether the home shows the owner's cards: the plan and the way to connect Stripe (docs/decisions.md #282).
 * The catalogue gives the plan's checkout and portal and the Stripe connection to the Owner alone
 * (functions/catalog/merchant-roles.ts), and Settings is an Owner's page, so a Manager and Staff see neither.
 * A role that could not be read shows them, as the owner's pages do: the server still decides (#161).
 */
export function useShowsOwnerCards(): boolean {
  const role = useCurrentRole();
  return role === undefined || roleAllows(role, 'owner');
}
