import { statsReadDeps } from '../adapters/stats-deps';
import { dashboardStats } from '../domain/stats';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await dashboardStats(merchantIdOf(event), statsReadDeps()),
}));
