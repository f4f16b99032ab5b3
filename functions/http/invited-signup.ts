/**
 * POST /api/invitations/preview (what the join page shows) and POST /api/signup/invited (a person signs up
 * from a team invitation, docs/decisions.md #277). Public: the invitation's token is the proof.
 */
import {
  invitationPreviewRequestSchema,
  invitationPreviewSchema,
  invitedSignupRequestSchema,
  invitedSignupResponseSchema,
} from '@shared/contracts/invited-signup';
import { ROLE_LABELS } from '@shared/contracts/team';
import { activityDeps } from '../adapters/activity-deps';
import { invitationPreviewDeps, invitedSignupDeps } from '../adapters/invited-signup-deps';
import { recordActivity } from '../domain/activity';
import { previewInvitation, signUpInvited } from '../domain/invited-signup';
import { httpHandler, jsonBody } from './http-handler';

export const handler = httpHandler(async (event) => {
  if (event.routeKey === 'POST /api/invitations/preview') {
    const { token } = invitationPreviewRequestSchema.parse(jsonBody(event));
    return { body: invitationPreviewSchema.parse(await previewInvitation(invitationPreviewDeps(), token)) };
  }
  const signup = invitedSignupRequestSchema.parse(jsonBody(event));
  const { answer, member } = await signUpInvited(signup, await invitedSignupDeps());
  // The business's activity list names the newcomer as it names anyone who accepts (docs/decisions.md #195).
  await recordActivity(
    activityDeps(),
    { businessId: member.businessId, personId: member.memberId, role: member.role },
    { kind: 'team.joined', detail: ROLE_LABELS[member.role] },
  );
  return { status: 201, body: invitedSignupResponseSchema.parse(answer) };
});
