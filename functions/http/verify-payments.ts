import { settlementDeps } from '../adapters/settlement-deps';
import { verifyMerchantPayments } from '../domain/reverification';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await verifyMerchantPayments(merchantIdOf(event), await settlementDeps()),
}));
