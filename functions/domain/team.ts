/**
 * A business's team (issue 46, docs/decisions.md #161). The person who signed the business up is its
 * founder: an owner always, with no row of their own, so a business can never lose its last owner. Everyone
 * else joins by an emailed invitation (single use, 7 days, only for the email it was sent to) and holds one
 * role, which every merchant request checks afresh (`resolveAccess`, team-access.ts): a removed member's
 * next request is refused, whatever their token still says.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  ALREADY_INVITED_MESSAGE,
  ALREADY_MEMBER_MESSAGE,
  INVITATION_DAYS,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_INVALID_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  INVITATION_OTHER_EMAIL_MESSAGE,
  LAST_OWNER_MESSAGE,
  MEMBER_NOT_FOUND_MESSAGE,
  ROLE_LABELS,
  TEAM_LIMIT_MESSAGE,
  TEAM_MEMBER_LIMIT,
  type Invitation,
  type Role,
  type Team,
} from '@shared/contracts/team';
import { defusedText } from './defused-text';
import { teamInvitationEmail, type Email } from './emails';
import { HttpError } from './http-error';
import type { Access } from './team-access';

export type { Access, RouteRole } from './team-access';

export interface MemberRecord {
  businessId: string;
  /** The person's user id (their token's `sub`). */
  memberId: string;
  email: string;
  name: string;
  role: Role;
  joinedAt: string;
  invitedBy: string;
}

export interface InvitationRecord extends Invitation {
  businessId: string;
  /** sha256 of the emailed token: the token itself is never stored. */
  tokenHash: string;
  invitedBy: string;
}

export interface TeamRepository {
  getMember(businessId: string, memberId: string): Promise<MemberRecord | undefined>;
  listTeam(businessId: string): Promise<{ members: MemberRecord[]; invitations: InvitationRecord[] }>;
  /** The businesses a person has joined (not their own). */
  membershipsOf(memberId: string): Promise<MemberRecord[]>;
  putInvitation(invitation: InvitationRecord): Promise<void>;
  findInvitation(tokenHash: string): Promise<InvitationRecord | undefined>;
  /** Deletes the invitation; false when it was already gone. */
  removeInvitation(businessId: string, invitationId: string): Promise<boolean>;
  /** In one transaction: the invitation goes (it must still be there) and the member row comes. */
  acceptInvitation(invitation: InvitationRecord, member: MemberRecord): Promise<boolean>;
  /** Changes an existing member's role; false when they are not (or no longer) a member. */
  setRole(businessId: string, memberId: string, role: Role): Promise<boolean>;
  /** Deletes the member row; false when there was none. */
  removeMember(businessId: string, memberId: string): Promise<boolean>;
}

export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who sends an invitation: the founder, or an owner who joined; named by their name, else their email. */
export interface Inviter {
  name: string | undefined;
  email: string;
}

export interface Founder {
  memberId: string;
  email: string;
  name: string;
  businessName: string;
  joinedAt: string;
}

export function teamView(founder: Founder, team: Awaited<ReturnType<TeamRepository['listTeam']>>, now: Date): Team {
  return {
    members: [
      {
        memberId: founder.memberId,
        name: founder.name,
        email: founder.email,
        role: 'owner',
        joinedAt: founder.joinedAt,
        founder: true,
      },
      ...team.members.map(({ memberId, name, email, role, joinedAt }) => ({
        memberId,
        name,
        email,
        role,
        joinedAt,
        founder: false,
      })),
    ],
    invitations: team.invitations
      .filter((invitation) => Date.parse(invitation.expiresAt) > now.getTime())
      .map(({ invitationId, email, role, sentAt, expiresAt }) => ({ invitationId, email, role, sentAt, expiresAt })),
  };
}

export interface InvitationDeps {
  team: TeamRepository;
  sendEmail(to: string, email: Email): Promise<void>;
  appOrigin: string;
  now: Date;
}

function invitationLink(appOrigin: string, token: string) {
  // The token rides in the fragment: it never reaches a server's log (as magic links do, #17).
  return `${appOrigin}/join#${token}`;
}

export interface InvitationSender {
  founder: Founder;
  inviter: Inviter;
}

async function sendInvitation(
  deps: InvitationDeps,
  from: InvitationSender,
  invitation: InvitationRecord,
  token: string,
) {
  await deps.sendEmail(
    invitation.email,
    teamInvitationEmail({
      // Typed by the inviting side, read by someone who never asked for the email: defused (#240, #270).
      businessName: defusedText(from.founder.businessName),
      inviterName: defusedText(from.inviter.name?.trim() || from.inviter.email),
      roleLabel: ROLE_LABELS[invitation.role],
      days: INVITATION_DAYS,
      link: invitationLink(deps.appOrigin, token),
    }),
  );
}

function freshInvitation(businessId: string, invitedBy: string, email: string, role: Role, now: Date) {
  const token = randomBytes(32).toString('base64url');
  const invitation: InvitationRecord = {
    businessId,
    invitationId: randomBytes(9).toString('base64url'),
    email,
    role,
    tokenHash: invitationTokenHash(token),
    sentAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
    invitedBy,
  };
  return { token, invitation };
}

/** Invites `email` as `role`: within the team's limit, not someone already in or already invited. */
export async function inviteMember(
  deps: InvitationDeps,
  { founder, inviter }: InvitationSender,
  access: Access,
  body: { email: string; role: Role },
): Promise<Invitation> {
  const team = await deps.team.listTeam(access.businessId);
  const pending = team.invitations.filter((invitation) => Date.parse(invitation.expiresAt) > deps.now.getTime());
  if (founder.email === body.email || team.members.some((member) => member.email === body.email)) {
    throw new HttpError(409, 'already_member', ALREADY_MEMBER_MESSAGE);
  }
  if (pending.some((invitation) => invitation.email === body.email)) {
    throw new HttpError(409, 'already_invited', ALREADY_INVITED_MESSAGE);
  }
  if (1 + team.members.length + pending.length >= TEAM_MEMBER_LIMIT) {
    throw new HttpError(409, 'team_full', TEAM_LIMIT_MESSAGE);
  }
  const { token, invitation } = freshInvitation(access.businessId, access.personId, body.email, body.role, deps.now);
  await deps.team.putInvitation(invitation);
  await sendInvitation(deps, { founder, inviter }, invitation, token);
  return teamView(founder, { members: [], invitations: [invitation] }, deps.now).invitations[0]!;
}

/** A new token and seven more days; the old link stops working. */
/**
 * An id in the address that cannot be one is not found, before any read: an invitation's is 12 URL-safe
 * characters (9 random bytes), a member's their Cognito `sub`, a UUID. A key past DynamoDB's size is never a 500.
 */
const INVITATION_ID = /^[A-Za-z0-9_-]{12}$/;
const MEMBER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function refuseUnlikelyInvitation(invitationId: string) {
  if (!INVITATION_ID.test(invitationId)) throw new HttpError(404, 'invitation_not_found', INVITATION_NOT_FOUND_MESSAGE);
}
function refuseUnlikelyMember(memberId: string) {
  if (!MEMBER_ID.test(memberId)) throw new HttpError(404, 'member_not_found', MEMBER_NOT_FOUND_MESSAGE);
}

export async function resendInvitation(
  deps: InvitationDeps,
  { founder, inviter }: InvitationSender,
  access: Access,
  invitationId: string,
) {
  refuseUnlikelyInvitation(invitationId);
  const { invitations } = await deps.team.listTeam(access.businessId);
  const old = invitations.find((invitation) => invitation.invitationId === invitationId);
  if (!old || !(await deps.team.removeInvitation(access.businessId, invitationId))) {
    throw new HttpError(404, 'invitation_not_found', INVITATION_NOT_FOUND_MESSAGE);
  }
  const { token, invitation } = freshInvitation(access.businessId, access.personId, old.email, old.role, deps.now);
  await deps.team.putInvitation(invitation);
  await sendInvitation(deps, { founder, inviter }, invitation, token);
  return teamView(founder, { members: [], invitations: [invitation] }, deps.now).invitations[0]!;
}

export async function revokeInvitation(team: TeamRepository, access: Access, invitationId: string) {
  refuseUnlikelyInvitation(invitationId);
  if (!(await team.removeInvitation(access.businessId, invitationId))) {
    throw new HttpError(404, 'invitation_not_found', INVITATION_NOT_FOUND_MESSAGE);
  }
}

/**
 * Joins the person to the invitation's business: the token must be current, and the person's verified
 * email the one it was sent to. Used once: the invitation row goes in the same transaction.
 */
export async function acceptInvitation(
  team: TeamRepository,
  person: { personId: string; email?: string; name: string },
  token: string,
  now: Date,
): Promise<{ businessId: string; role: Role }> {
  const invitation = await team.findInvitation(invitationTokenHash(token));
  if (!invitation) throw new HttpError(404, 'invitation_invalid', INVITATION_INVALID_MESSAGE);
  if (Date.parse(invitation.expiresAt) <= now.getTime()) {
    throw new HttpError(410, 'invitation_expired', INVITATION_EXPIRED_MESSAGE);
  }
  if (!person.email || person.email.toLowerCase() !== invitation.email) {
    throw new HttpError(403, 'invitation_other_email', INVITATION_OTHER_EMAIL_MESSAGE);
  }
  if (invitation.businessId === person.personId) throw new HttpError(409, 'already_member', ALREADY_MEMBER_MESSAGE);
  const member: MemberRecord = {
    businessId: invitation.businessId,
    memberId: person.personId,
    email: invitation.email,
    name: person.name,
    role: invitation.role,
    joinedAt: now.toISOString(),
    invitedBy: invitation.invitedBy,
  };
  if (!(await team.acceptInvitation(invitation, member))) {
    throw new HttpError(404, 'invitation_invalid', INVITATION_INVALID_MESSAGE);
  }
  return { businessId: invitation.businessId, role: invitation.role };
}

/** The founder stays an owner: the business always keeps one (issue 46). */
function refuseFounder(access: Access, memberId: string) {
  if (memberId === access.businessId) throw new HttpError(409, 'last_owner', LAST_OWNER_MESSAGE);
}

/** Answers the member as they were (their name, for the activity list). */
export async function changeRole(
  team: TeamRepository,
  access: Access,
  memberId: string,
  role: Role,
): Promise<MemberRecord> {
  refuseFounder(access, memberId);
  refuseUnlikelyMember(memberId);
  const member = await team.getMember(access.businessId, memberId);
  if (!member || !(await team.setRole(access.businessId, memberId, role))) {
    throw new HttpError(404, 'member_not_found', MEMBER_NOT_FOUND_MESSAGE);
  }
  return member;
}

export interface RemovalDeps {
  team: TeamRepository;
  /**
   * Tells the person's open dashboards of this business that their access ended and closes those sockets.
   * Their sessions stay: they may own or belong to other businesses (docs/decisions.md #197).
   */
  endAccess(member: MemberRecord): Promise<void>;
}

/**
 * Removed means removed at once: the row goes first (every request for this business is refused from the
 * next one, whatever the token says), then their live connections to it. Answers who was removed.
 */
export async function removeMember(deps: RemovalDeps, access: Access, memberId: string): Promise<MemberRecord> {
  refuseFounder(access, memberId);
  refuseUnlikelyMember(memberId);
  const member = await deps.team.getMember(access.businessId, memberId);
  if (!member || !(await deps.team.removeMember(access.businessId, memberId))) {
    throw new HttpError(404, 'member_not_found', MEMBER_NOT_FOUND_MESSAGE);
  }
  await deps.endAccess(member);
  return member;
}
