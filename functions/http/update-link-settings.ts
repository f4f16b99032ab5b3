import { linkIdSchema, updateLinkSettingsSchema } from '@shared/contracts/payment-links';
import { activityDeps } from '../adapters/activity-deps';
import { paymentLinkStore } from '../adapters/payment-link-store';
import { recordActivity } from '../domain/activity';
import { linkNotFound, setPaymentLinkSettings } from '../domain/payment-links';
import { accessOf, httpHandler, jsonBody, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => {
  const merchantId = merchantIdOf(event);
  const linkId = linkIdSchema.safeParse(event.pathParameters?.id);
  if (!linkId.success) throw linkNotFound();
  const input = updateLinkSettingsSchema.parse(jsonBody(event));
  // Only the links table: the settings need neither the merchant nor Stripe.
  const link = await setPaymentLinkSettings(merchantId, linkId.data, input, {
    links: paymentLinkStore,
    now: new Date(),
  });
  await recordActivity(activityDeps(), accessOf(event), { kind: 'link.settings_changed', subject: link.title });
  return { body: link };
});
