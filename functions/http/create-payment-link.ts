import { createPaymentLinkSchema } from '@shared/contracts/payment-links';
import { activityDeps } from '../adapters/activity-deps';
import { paymentLinkDeps } from '../adapters/payment-link-deps';
import { recordActivity } from '../domain/activity';
import { createPaymentLink } from '../domain/payment-links';
import { accessOf, httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const merchantId = merchantIdOf(event);
  const input = createPaymentLinkSchema.parse(jsonBody(event));
  const link = await createPaymentLink(merchantId, input, paymentLinkDeps());
  // Who made it (docs/decisions.md #195), after it exists.
  await recordActivity(activityDeps(), accessOf(event), { kind: 'link.created', subject: link.title });
  return { status: 201, body: link };
});
