/** DELETE /api/me/team/invitations/{id} (revoke) and PATCH /api/me/team/members/{id} (change a role). */
import { changeRoleSchema } from '@shared/contracts/team';
import { teamStore } from '../adapters/team-store';
import { changeRole, revokeInvitation } from '../domain/team';
import { accessOf, httpHandler, jsonBody } from './http-handler';

export const handler = httpHandler(async (event) => {
  const access = accessOf(event);
  const id = event.pathParameters?.id ?? '';
  if (event.requestContext.http.method === 'DELETE') {
    await revokeInvitation(teamStore, access, id);
    return { status: 204 };
  }
  const { role } = changeRoleSchema.parse(jsonBody(event));
  await changeRole(teamStore, access, id, role);
  return { status: 204 };
});
