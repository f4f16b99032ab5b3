import { feeStatementQuerySchema } from '@shared/contracts/paylink-fees';
import { paylinkFeesDeps } from '../adapters/paylink-fees-deps';
import { feeStatement } from '../domain/paylink-fees';
import { httpHandler, merchantIdOf } from './http-handler';

/** GET /api/me/paylink-fees?month=yyyy-MM — Paylink's fee statement for the signed-in merchant's month. */
export const handler = httpHandler(async (event) => {
  const query = feeStatementQuerySchema.parse(event.queryStringParameters ?? {});
  return { body: await feeStatement(merchantIdOf(event), query, paylinkFeesDeps()) };
});
