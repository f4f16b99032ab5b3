import { gstSummaryQuerySchema } from '@shared/contracts/gst-summary';
import { gstSummaryDeps } from '../adapters/gst-summary-deps';
import { gstSummary } from '../domain/gst-summary';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const query = gstSummaryQuerySchema.parse(event.queryStringParameters ?? {});
  return { body: await gstSummary(merchantIdOf(event), query, gstSummaryDeps()) };
});
