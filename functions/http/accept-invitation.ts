import { acceptInvitationSchema, acceptedInvitationSchema } from '@shared/contracts/team';
import { merchantStore } from '../adapters/merchant-store';
import { teamStore } from '../adapters/team-store';
import { acceptInvitation } from '../domain/team';
import { accessOf, httpHandler, jsonBody } from './http-handler';

export const handler = httpHandler(async (event) => {
  const { personId } = accessOf(event);
  const { token } = acceptInvitationSchema.parse(jsonBody(event));
  // The email is the token's, verified by the authorizer: an invitation joins only the address it was sent to.
  // An access token carries no email: then the person's own row's, verified when they signed up.
  const own = await merchantStore.get(personId);
  const email = event.requestContext.authorizer?.lambda?.email ?? own?.email;
  const name = own?.fullName ?? email ?? '';
  const joined = await acceptInvitation(teamStore, { personId, email, name }, token, new Date());
  return { body: acceptedInvitationSchema.parse(joined) };
});
