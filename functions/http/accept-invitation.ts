import { acceptInvitationSchema, acceptedInvitationSchema, ROLE_LABELS } from '@shared/contracts/team';
import { activityDeps } from '../adapters/activity-deps';
import { cognitoUsers } from '../adapters/cognito-users';
import { merchantStore } from '../adapters/merchant-store';
import { teamStore } from '../adapters/team-store';
import { recordActivity } from '../domain/activity';
import { acceptInvitation } from '../domain/team';
import { accessOf, httpHandler, jsonBody } from './http-handler';

export const handler = httpHandler(async (event) => {
  const { personId } = accessOf(event);
  const { token } = acceptInvitationSchema.parse(jsonBody(event));
  // The email is the token's, verified by the authorizer: an invitation joins only the address it was sent to.
  // An access token carries no email: then the person's own row's, verified when they signed up.
  const own = await merchantStore.get(personId);
  // A person with no business of their own (docs/decisions.md #277) has no row: Cognito's verified answer then
  // (AdminGetUser: the browser's token carries no scope for Cognito's own GetUser, docs/decisions.md #259).
  const person = own ? undefined : await cognitoUsers.userOf(personId);
  const email = event.requestContext.authorizer?.lambda?.email ?? own?.email ?? person?.email;
  const name = own?.fullName ?? person?.name ?? email ?? '';
  const joined = await acceptInvitation(teamStore, { personId, email, name }, token, new Date());
  // In the business they joined, as its member now (docs/decisions.md #195).
  await recordActivity(
    activityDeps(),
    { businessId: joined.businessId, personId, role: joined.role },
    {
      kind: 'team.joined',
      detail: ROLE_LABELS[joined.role],
    },
  );
  return { body: acceptedInvitationSchema.parse(joined) };
});
