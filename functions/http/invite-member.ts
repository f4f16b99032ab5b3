/** POST /api/me/team/invitations (a new one) and POST …/{id}/resend (a fresh link for a pending one). */
import { inviteMemberSchema } from '@shared/contracts/team';
import { founderOf, invitationDeps } from '../adapters/team-deps';
import { inviteMember, resendInvitation } from '../domain/team';
import { accessOf, httpHandler, jsonBody } from './http-handler';

export const handler = httpHandler(async (event) => {
  const access = accessOf(event);
  const founder = await founderOf(access.businessId);
  const invitationId = event.pathParameters?.id;
  if (invitationId) return { body: await resendInvitation(invitationDeps(), founder, access, invitationId) };
  const body = inviteMemberSchema.parse(jsonBody(event));
  return { status: 201, body: await inviteMember(invitationDeps(), founder, access, body) };
});
