import {
  merchantContactUpdateSchema,
  merchantNotificationsUpdateSchema,
  merchantProfileUpdateSchema,
} from '@shared/contracts/merchant';
import { activityDeps } from '../adapters/activity-deps';
import { merchantStore } from '../adapters/merchant-store';
import { recordActivity } from '../domain/activity';
import { updateMerchantContact, updateMerchantNotifications, updateMerchantProfile } from '../domain/merchants';
import { accessOf, httpHandler, jsonBody, merchantIdOf } from './http-handler';

/**
 * Settings → Profile, or Settings → Email notifications when the body names `paymentReceivedEmail` or
 * `payerReceiptEmail`, or Settings → Contact for your customers when it names `contactEmail` or `contactPhone`
 * (#243): one function for all, since each Lambda costs the stack resources it is short of (docs/decisions.md #93).
 */
export const handler = httpHandler(async (event) => {
  const body = jsonBody(event);
  const merchantId = merchantIdOf(event);
  if (typeof body === 'object' && body !== null && ('paymentReceivedEmail' in body || 'payerReceiptEmail' in body)) {
    const settings = merchantNotificationsUpdateSchema.parse(body);
    const updated = await updateMerchantNotifications(merchantStore, merchantId, settings, new Date());
    await recordActivity(activityDeps(), accessOf(event), { kind: 'notifications.changed' });
    return { body: updated };
  }
  if (typeof body === 'object' && body !== null && ('contactEmail' in body || 'contactPhone' in body)) {
    const contact = merchantContactUpdateSchema.parse(body);
    const updated = await updateMerchantContact(merchantStore, merchantId, contact, new Date());
    await recordActivity(activityDeps(), accessOf(event), { kind: 'profile.changed' });
    return { body: updated };
  }
  const changes = merchantProfileUpdateSchema.parse(body);
  const updated = await updateMerchantProfile(merchantStore, merchantId, changes, new Date());
  await recordActivity(activityDeps(), accessOf(event), { kind: 'profile.changed' });
  return { body: updated };
});
