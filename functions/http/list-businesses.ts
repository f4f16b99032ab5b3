import { businessesSchema } from '@shared/contracts/team';
import { businessesOf } from '../adapters/team-deps';
import { accessOf, httpHandler } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: businessesSchema.parse(await businessesOf(accessOf(event).personId)),
}));
