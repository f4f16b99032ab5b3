import { merchantStore } from '../adapters/merchant-store';
import { getTaxSettings } from '../domain/merchants';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await getTaxSettings(merchantStore, merchantIdOf(event)),
}));
