/** POST /api/me/team/invitations (a new one) and POST …/{id}/resend (a fresh link for a pending one). */
import { inviteMemberSchema, ROLE_LABELS } from '@shared/contracts/team';
import { activityDeps } from '../adapters/activity-deps';
import { invitationDeps, invitationSenderOf } from '../adapters/team-deps';
import { recordActivity } from '../domain/activity';
import { inviteMember, resendInvitation } from '../domain/team';
import { accessOf, httpHandler, jsonBody } from './http-handler';

export const handler = httpHandler(async (event) => {
  const access = accessOf(event);
  const sender = await invitationSenderOf(access);
  const invitationId = event.pathParameters?.id;
  if (invitationId) {
    const resent = await resendInvitation(invitationDeps(), sender, access, invitationId);
    await recordActivity(activityDeps(), access, { kind: 'team.invitation_resent', subject: resent.email });
    return { body: resent };
  }
  const body = inviteMemberSchema.parse(jsonBody(event));
  const invitation = await inviteMember(invitationDeps(), sender, access, body);
  const role = ROLE_LABELS[invitation.role];
  await recordActivity(activityDeps(), access, { kind: 'team.invited', subject: invitation.email, detail: role });
  return { status: 201, body: invitation };
});
