import { teamSchema } from '@shared/contracts/team';
import { founderOf, teamStore } from '../adapters/team-deps';
import { teamView } from '../domain/team';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const businessId = merchantIdOf(event);
  const [founder, team] = await Promise.all([founderOf(businessId), teamStore.listTeam(businessId)]);
  return { body: teamSchema.parse(teamView(founder, team, new Date())) };
});
