/** GET /api/me/team (members and invitations) and GET /api/me/activity (who did what, docs/decisions.md #195). */
import { activityQuerySchema } from '@shared/contracts/activity';
import { teamSchema } from '@shared/contracts/team';
import { activityStore } from '../adapters/activity-store';
import { founderOf, teamStore } from '../adapters/team-deps';
import { listActivity } from '../domain/activity';
import { teamView } from '../domain/team';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const businessId = merchantIdOf(event);
  if (event.routeKey === 'GET /api/me/activity') {
    const query = activityQuerySchema.parse(event.queryStringParameters ?? {});
    return { body: await listActivity(activityStore, businessId, query) };
  }
  const [founder, team] = await Promise.all([founderOf(businessId), teamStore.listTeam(businessId)]);
  return { body: teamSchema.parse(teamView(founder, team, new Date())) };
});
