/**
 * A team member's roles and their order (issue 46, docs/decisions.md #161), without zod: every merchant
 * handler's wrapper checks them (functions/http/http-handler.ts), so they stay small.
 */
export const ROLES = ['owner', 'manager', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** Higher outranks lower: a route open to Staff is open to a Manager and an Owner. */
export const ROLE_RANK: Record<Role, number> = { staff: 1, manager: 2, owner: 3 };

export function roleAllows(role: Role, leastRole: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[leastRole];
}

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', manager: 'Manager', staff: 'Staff' };

/**
 * Which business a request is for, when the person belongs to more than one. The server checks it against
 * the person's membership; absent, it is their own business (the one they signed up with).
 */
export const BUSINESS_HEADER = 'x-paylink-business';

export const NOT_A_MEMBER_MESSAGE = 'You are not a member of this business.';

export function roleRefusalMessage(role: Role, leastRole: Role): string {
  return `Your role (${ROLE_LABELS[role]}) cannot do this: it needs ${ROLE_LABELS[leastRole]}. Ask an owner.`;
}

/**
 * A person who signed up from an invitation has no business of their own (docs/decisions.md #277): a request
 * for it (no BUSINESS_HEADER) is refused with this, and the web app moves to a business they belong to.
 */
export const NO_OWN_BUSINESS_CODE = 'no_own_business';
export const NO_OWN_BUSINESS_MESSAGE =
  'You have no business of your own on Paylink: you work in the businesses that invited you. Choose one of them.';
