import { gstReturnQuerySchema } from '@shared/contracts/gst-return';
import { paylinkFeesDeps } from '../adapters/paylink-fees-deps';
import { gstReturnWorksheet } from '../domain/gst-return';
import { httpHandler, merchantIdOf } from './http-handler';

/** GET /api/me/gst-return?months=2&lastMonth=yyyy-MM — the period's figures as the GST return's boxes. */
export const handler = httpHandler(async (event) => {
  const query = gstReturnQuerySchema.parse(event.queryStringParameters ?? {});
  return { body: await gstReturnWorksheet(merchantIdOf(event), query, paylinkFeesDeps()) };
});
