import { removalDeps } from '../adapters/team-deps';
import { removeMember } from '../domain/team';
import { accessOf, httpHandler } from './http-handler';

export const handler = httpHandler(async (event) => {
  await removeMember(removalDeps(), accessOf(event), event.pathParameters?.id ?? '');
  return { status: 204 };
});
