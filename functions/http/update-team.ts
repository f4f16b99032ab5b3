/** DELETE /api/me/team/invitations/{id} (revoke) and PATCH /api/me/team/members/{id} (change a role). */
import { changeRoleSchema, ROLE_LABELS } from '@shared/contracts/team';
import { activityDeps } from '../adapters/activity-deps';
import { tellRoleChanged } from '../adapters/team-deps';
import { teamStore } from '../adapters/team-store';
import { recordActivity } from '../domain/activity';
import { changeRole, revokeInvitation } from '../domain/team';
import { accessOf, httpHandler, jsonBody } from './http-handler';

export const handler = httpHandler(async (event) => {
  const access = accessOf(event);
  const id = event.pathParameters?.id ?? '';
  if (event.requestContext.http.method === 'DELETE') {
    await revokeInvitation(teamStore, access, id);
    await recordActivity(activityDeps(), access, { kind: 'team.invitation_revoked' });
    return { status: 204 };
  }
  const { role } = changeRoleSchema.parse(jsonBody(event));
  const member = await changeRole(teamStore, access, id, role);
  await tellRoleChanged(access.businessId, member.memberId);
  await recordActivity(activityDeps(), access, {
    kind: 'team.role_changed',
    subject: member.name,
    detail: ROLE_LABELS[role],
  });
  return { status: 204 };
});
