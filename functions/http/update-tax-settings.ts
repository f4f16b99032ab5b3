import { taxSettingsUpdateSchema } from '@shared/contracts/tax';
import { activityDeps } from '../adapters/activity-deps';
import { merchantStore } from '../adapters/merchant-store';
import { recordActivity } from '../domain/activity';
import { saveTaxSettings } from '../domain/merchants';
import { accessOf, httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const tax = taxSettingsUpdateSchema.parse(jsonBody(event));
  const saved = await saveTaxSettings(merchantStore, merchantIdOf(event), tax, new Date());
  await recordActivity(activityDeps(), accessOf(event), { kind: 'tax.changed' });
  return { body: saved };
});
