import { useOwnerSetupShown } from '@web/features/team';

/**
 * Whether the home shows the owner's cards: the plan and the way to connect Stripe (docs/decisions.md #282).
 * The catalogue gives the plan's checkout and portal and the Stripe connection to the Owner alone
 * (functions/catalog/merchant-roles.ts), and Settings is an Owner's page, so a Manager and Staff see neither.
 * A role not yet read shows them, as the owner's setup screens do (`ownerSetupShownTo` says why).
 */
export function useShowsOwnerCards(): boolean {
  return useOwnerSetupShown();
}
