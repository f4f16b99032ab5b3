import { settlementDeps } from '../adapters/settlement-deps';
import { HttpError } from '../domain/http-error';
import { verifyCheckout } from '../domain/settlement';
import { httpHandler } from './http-handler';

export const handler = httpHandler(async (event) => {
  const sessionId = event.pathParameters?.sessionId ?? '';
  const result = sessionId.startsWith('cs_') ? await verifyCheckout(sessionId, await settlementDeps()) : undefined;
  if (!result) throw new HttpError(404, 'payment_not_found', 'We could not find this payment.');
  return { body: result };
});
