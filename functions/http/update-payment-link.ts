import { linkIdSchema, updatePaymentLinkSchema } from '@shared/contracts/payment-links';
import { activityDeps } from '../adapters/activity-deps';
import { openCheckoutsDeps } from '../adapters/open-checkouts-deps';
import { paymentLinkDeps } from '../adapters/payment-link-deps';
import { recordActivity } from '../domain/activity';
import { linkNotFound, setPaymentLinkActive } from '../domain/payment-links';
import { accessOf, httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const merchantId = merchantIdOf(event);
  const linkId = linkIdSchema.safeParse(event.pathParameters?.id);
  if (!linkId.success) throw linkNotFound();
  const { isActive } = updatePaymentLinkSchema.parse(jsonBody(event));
  const deps = { ...paymentLinkDeps(), openCheckouts: openCheckoutsDeps() };
  const link = await setPaymentLinkActive(merchantId, linkId.data, isActive, deps);
  const kind = isActive ? 'link.reactivated' : 'link.deactivated';
  await recordActivity(activityDeps(), accessOf(event), { kind, subject: link.title });
  return { body: link };
});
