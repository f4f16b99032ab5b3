import { linkIdSchema, updateLinkExpirySchema } from '@shared/contracts/payment-links';
import { activityDeps } from '../adapters/activity-deps';
import { paymentLinkDeps } from '../adapters/payment-link-deps';
import { recordActivity } from '../domain/activity';
import { linkNotFound, setPaymentLinkExpiry } from '../domain/payment-links';
import { accessOf, httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const merchantId = merchantIdOf(event);
  const linkId = linkIdSchema.safeParse(event.pathParameters?.id);
  if (!linkId.success) throw linkNotFound();
  const input = updateLinkExpirySchema.parse(jsonBody(event));
  const link = await setPaymentLinkExpiry(merchantId, linkId.data, input, paymentLinkDeps());
  await recordActivity(activityDeps(), accessOf(event), { kind: 'link.expiry_changed', subject: link.title });
  return { body: link };
});
