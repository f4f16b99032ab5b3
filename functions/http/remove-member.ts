/** DELETE /api/me/team/members/{id}: the member row, then their open dashboards of this business (docs/decisions.md #197). */
import { activityDeps } from '../adapters/activity-deps';
import { removalDeps } from '../adapters/team-deps';
import { recordActivity } from '../domain/activity';
import { removeMember } from '../domain/team';
import { accessOf, httpHandler } from './http-handler';

export const handler = httpHandler(async (event) => {
  const access = accessOf(event);
  const removed = await removeMember(removalDeps(), access, event.pathParameters?.id ?? '');
  await recordActivity(activityDeps(), access, { kind: 'team.member_removed', subject: removed.name });
  return { status: 204 };
});
