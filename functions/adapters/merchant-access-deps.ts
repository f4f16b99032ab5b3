/**
 * What every merchant access check reads (`checkMerchantAccess`, docs/decisions.md #285): the members table
 * (#161) and the person's standing, their session cut and whether they have a business of their own (#200,
 * #277). One home for both ways in, the HTTP routes (`httpHandler`) and the realtime socket's authorizer, so
 * they read the same things; only these two stores, so neither bundle carries more.
 */
import type { MerchantAccessReads } from '../domain/team-access';
import { personStanding } from './session-end-store';
import { teamStore } from './team-store';

export function merchantAccessDeps(): MerchantAccessReads {
  return { team: teamStore, standingOf: personStanding };
}
