/**
 * A person invited to a team signs up as a person (docs/decisions.md #277): no merchant row, no trial, no plan
 * emails — a Cognito user, the mark that they have no business of their own, and their member row in the
 * business that invited them. The server decides from the invitation itself: its token must be current and
 * unused and its email the one signed up with. A token that fails any check creates nothing.
 *
 * The invitation stands in for the bot check: its token is 256 random bits that only the invited inbox has seen,
 * so the pre-sign-up trigger's ticket is signed once the invitation has been checked.
 */
import {
  INVITED_ACCOUNT_EXISTS_MESSAGE,
  type InvitationPreview,
  type InvitedSignupData,
  type InvitedSignupResponse,
} from '@shared/contracts/invited-signup';
import {
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_INVALID_MESSAGE,
  INVITATION_OTHER_EMAIL_MESSAGE,
} from '@shared/contracts/team';
import { HttpError } from './http-error';
import type { MerchantRepository } from './merchants';
import { signupTicket, type UserDirectory } from './signup';
import { invitationTokenHash, type InvitationRecord, type MemberRecord, type TeamRepository } from './team';

/** The invitation a token opens, if it is still good: refused in the spec's tone otherwise. */
export async function currentInvitation(team: TeamRepository, token: string, now: Date): Promise<InvitationRecord> {
  const invitation = await team.findInvitation(invitationTokenHash(token));
  if (!invitation) throw new HttpError(404, 'invitation_invalid', INVITATION_INVALID_MESSAGE);
  if (Date.parse(invitation.expiresAt) <= now.getTime()) {
    throw new HttpError(410, 'invitation_expired', INVITATION_EXPIRED_MESSAGE);
  }
  return invitation;
}

/** What the join page shows: who is asked, to which business, as what. */
export async function previewInvitation(
  deps: { team: TeamRepository; merchants: MerchantRepository; now: Date },
  token: string,
): Promise<InvitationPreview> {
  const invitation = await currentInvitation(deps.team, token, deps.now);
  const business = await deps.merchants.get(invitation.businessId);
  return {
    email: invitation.email,
    businessName: business?.companyName || business?.fullName || 'A business',
    role: invitation.role,
  };
}

export interface InvitedSignupDeps {
  botCheckKey: string;
  users: UserDirectory;
  team: TeamRepository;
  /** Marks the person as having no business of their own: every merchant request reads it. */
  markWithoutOwnBusiness(personId: string): Promise<void>;
  now: Date;
}

/** Answers the browser's response and the member row written (for the business's activity list). */
export async function signUpInvited(
  signup: InvitedSignupData,
  deps: InvitedSignupDeps,
): Promise<{ answer: InvitedSignupResponse; member: MemberRecord }> {
  const invitation = await currentInvitation(deps.team, signup.token, deps.now);
  if (signup.email !== invitation.email) {
    throw new HttpError(403, 'invitation_other_email', INVITATION_OTHER_EMAIL_MESSAGE);
  }
  const result = await deps.users.signUp({
    email: invitation.email,
    password: signup.password,
    fullName: signup.fullName,
    signupTicket: signupTicket(deps.botCheckKey, invitation.email, deps.now),
    joinsTeam: true,
  });
  // Someone who already has a login keeps today's way in: sign in, then the dashboard accepts.
  if (result.outcome === 'exists') throw new HttpError(409, 'account_exists', INVITED_ACCOUNT_EXISTS_MESSAGE);
  if (result.outcome === 'weak-password') {
    throw new HttpError(400, 'invalid_request', result.message, { password: result.message });
  }
  // Before the membership: whatever happens next, this person never acts for a business of their own.
  await deps.markWithoutOwnBusiness(result.userId);
  const member: MemberRecord = {
    businessId: invitation.businessId,
    memberId: result.userId,
    email: invitation.email,
    name: signup.fullName,
    role: invitation.role,
    joinedAt: deps.now.toISOString(),
    invitedBy: invitation.invitedBy,
  };
  if (!(await deps.team.acceptInvitation(invitation, member))) {
    // Used by someone else in the moment since the read: the login stays, with no business to open.
    throw new HttpError(404, 'invitation_invalid', INVITATION_INVALID_MESSAGE);
  }
  return {
    answer: { email: member.email, businessId: member.businessId, role: member.role, verificationRequired: true },
    member,
  };
}
