/**
 * Which business a merchant request acts for, and with which role (docs/decisions.md #161). Kept apart from
 * the team's other rules: every merchant handler's wrapper runs it, so it carries no schema or email.
 */
import {
  NO_OWN_BUSINESS_CODE,
  NO_OWN_BUSINESS_MESSAGE,
  NOT_A_MEMBER_MESSAGE,
  roleAllows,
  roleRefusalMessage,
  type Role,
} from '@shared/roles';
import { HttpError } from './http-error';
import { isSessionOpen, sessionEnded } from './session-ends';

/** What a merchant route acts as: the business (from the membership, never the client unchecked) and the role. */
export interface Access {
  businessId: string;
  personId: string;
  role: Role;
}

/** A route's least role, or `signed-in` for the routes about the person rather than a business. */
export type RouteRole = Role | 'signed-in';

/**
 * The business a request acts for and the role it acts with. The asked-for business (the client's
 * switcher) counts only when the person is its founder or holds a member row in it; the row is read on
 * every request, so a removal or a demotion takes effect on the next one.
 */
export async function resolveAccess(
  team: { getMember(businessId: string, memberId: string): Promise<{ role: Role } | undefined> },
  input: { personId: string; requestedBusinessId?: string; leastRole: RouteRole },
): Promise<Access> {
  const businessId = input.requestedBusinessId || input.personId;
  if (businessId === input.personId || input.leastRole === 'signed-in') {
    return { businessId: input.personId, personId: input.personId, role: 'owner' };
  }
  const member = await team.getMember(businessId, input.personId);
  if (!member) throw new HttpError(403, 'not_a_member', NOT_A_MEMBER_MESSAGE);
  if (!roleAllows(member.role, input.leastRole)) {
    throw new HttpError(403, 'role_forbidden', roleRefusalMessage(member.role, input.leastRole));
  }
  return { businessId, personId: input.personId, role: member.role };
}

/**
 * A person who signed up from an invitation has no business of their own (docs/decisions.md #277): a request
 * that resolved to it is refused, before any handler could read or write a business that is not there. Only
 * the routes about the person themself (`signed-in`: joining, their businesses, their sign-in) go on.
 */
function refuseWithoutOwnBusiness(access: Access, leastRole: RouteRole, withoutOwnBusiness: boolean): void {
  if (withoutOwnBusiness && leastRole !== 'signed-in' && access.businessId === access.personId) {
    throw new HttpError(403, NO_OWN_BUSINESS_CODE, NO_OWN_BUSINESS_MESSAGE);
  }
}

/** What every merchant request checks of the person themself, from their one row (docs/decisions.md #200, #277). */
export interface PersonStanding {
  endedAt: number | undefined;
  withoutOwnBusiness: boolean;
}

/** The reads a merchant access check makes: the person's membership row and their standing. */
export interface MerchantAccessReads {
  team: Parameters<typeof resolveAccess>[0];
  standingOf(personId: string): Promise<PersonStanding>;
}

/**
 * Whether a verified token's person may act for the business they ask for, with at least `leastRole`: their
 * session not ended since `signedInAt` (401, docs/decisions.md #200), a founder or a current member of it
 * (#161), and never "their own" business when they have none (#277). The one rule for every way in — the
 * HTTP routes (`httpHandler`) and the realtime socket's authorizer (#285). The two reads go in parallel.
 */
export async function checkMerchantAccess(
  reads: MerchantAccessReads,
  input: { personId: string; requestedBusinessId?: string; leastRole: RouteRole; signedInAt: number },
): Promise<Access> {
  const [standing, access] = await Promise.allSettled([
    reads.standingOf(input.personId),
    resolveAccess(reads.team, input),
  ]);
  // An ended session is told so before any refusal of the role: it is the reason the person must act on.
  if (standing.status === 'rejected') throw standing.reason;
  if (!isSessionOpen(standing.value.endedAt, input.signedInAt)) throw sessionEnded();
  if (access.status === 'rejected') throw access.reason;
  refuseWithoutOwnBusiness(access.value, input.leastRole, standing.value.withoutOwnBusiness);
  return access.value;
}
