import { checkoutSessionIdSchema } from '@shared/contracts/checkout';
import { settlementDeps } from '../adapters/settlement-deps';
import { HttpError } from '../domain/http-error';
import { verifyCheckout } from '../domain/settlement';
import { httpHandler } from './http-handler';

const paymentNotFound = () => new HttpError(404, 'payment_not_found', 'We could not find this payment.');

export const handler = httpHandler(async (event) => {
  // Not a Checkout session id: not one of ours, answered without reading anything.
  const sessionId = checkoutSessionIdSchema.safeParse(event.pathParameters?.sessionId);
  if (!sessionId.success) throw paymentNotFound();
  const result = await verifyCheckout(sessionId.data, await settlementDeps());
  if (!result) throw paymentNotFound();
  return { body: result };
});
