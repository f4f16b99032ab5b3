import { BRAND_NAME } from '@shared/brand';
import type { HealthResponse } from '@shared/contracts/health';
import { httpHandler } from './http-handler';

export const handler = httpHandler(async () => {
  const body: HealthResponse = { status: 'ok', service: BRAND_NAME, time: new Date().toISOString() };
  return { body };
});
