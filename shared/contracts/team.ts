import * as z from 'zod/mini';
import { ROLES } from '../roles';
import { emailSchema } from './email-address';

/**
 * A business's team (issue 46, docs/decisions.md #161): people invited by email, each with one role. The
 * server enforces each route's least role (functions/catalog/merchant-roles.ts) from the verified token
 * and the member's row; the web app hides what a role may not do and says why.
 */
export const roleSchema = z.enum(ROLES, 'Choose Owner, Manager or Staff.');
export {
  BUSINESS_HEADER,
  NOT_A_MEMBER_MESSAGE,
  ROLES,
  ROLE_LABELS,
  ROLE_RANK,
  roleAllows,
  roleRefusalMessage,
  type Role,
} from '../roles';

/** People in one business, the owner who started it and pending invitations included (issue 46). */
export const TEAM_MEMBER_LIMIT = 10;
/** An invitation is good for this many days, once, and only for the email it was sent to. */
export const INVITATION_DAYS = 7;

export const TEAM_LIMIT_MESSAGE = `A business can have up to ${TEAM_MEMBER_LIMIT} people, invitations included. Remove someone or revoke an invitation first.`;
export const ALREADY_MEMBER_MESSAGE = 'That person is already in your team.';
export const ALREADY_INVITED_MESSAGE = 'That email already has an invitation waiting. Resend it instead.';
export const INVITATION_INVALID_MESSAGE = 'This invitation is not valid: it was revoked, already used or mistyped.';
export const INVITATION_EXPIRED_MESSAGE = `This invitation has expired (they last ${INVITATION_DAYS} days). Ask for a new one.`;
export const INVITATION_OTHER_EMAIL_MESSAGE =
  'This invitation was sent to another email address. Sign in with that address to accept it.';
export const LAST_OWNER_MESSAGE = 'A business always keeps at least one owner.';
export const MEMBER_NOT_FOUND_MESSAGE = 'That person is not in your team.';
export const INVITATION_NOT_FOUND_MESSAGE = 'That invitation is no longer pending.';

/** POST /api/me/team/invitations */
export const inviteMemberSchema = z.object({
  email: emailSchema,
  role: roleSchema,
});
export type InviteMemberBody = z.infer<typeof inviteMemberSchema>;

/** PATCH /api/me/team/members/{id} */
export const changeRoleSchema = z.object({ role: roleSchema });

/** POST /api/me/invitations/accept: the token from the invitation's email. */
export const acceptInvitationSchema = z.object({
  token: z.string().check(z.minLength(1, INVITATION_INVALID_MESSAGE), z.maxLength(200, INVITATION_INVALID_MESSAGE)),
});

export const teamMemberSchema = z.object({
  /** The person's user id: the one the member routes take. */
  memberId: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  joinedAt: z.string(),
  /** The one who started the business: an owner always. */
  founder: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const invitationSchema = z.object({
  invitationId: z.string(),
  email: z.string(),
  role: roleSchema,
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/me/team */
export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(invitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

/** GET /api/me/businesses: the businesses the signed-in person may switch between, their own first. */
export const businessesSchema = z.object({
  businesses: z.array(z.object({ businessId: z.string(), name: z.string(), role: roleSchema })),
});
export type Businesses = z.infer<typeof businessesSchema>;

/** POST /api/me/invitations/accept's answer: the business joined, to switch to. */
export const acceptedInvitationSchema = z.object({ businessId: z.string(), role: roleSchema });
