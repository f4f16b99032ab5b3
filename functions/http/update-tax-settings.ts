import { taxSettingsUpdateSchema } from '@shared/contracts/tax';
import { merchantStore } from '../adapters/merchant-store';
import { saveTaxSettings } from '../domain/merchants';
import { httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const tax = taxSettingsUpdateSchema.parse(jsonBody(event));
  return { body: await saveTaxSettings(merchantStore, merchantIdOf(event), tax, new Date()) };
});
