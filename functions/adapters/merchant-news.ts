import { MERCHANT_UPDATED, PAYLINK_EVENT_SOURCE, type MerchantUpdatedDetail } from '@shared/contracts/realtime';
import type { AnnounceMerchantUpdate } from '../domain/stripe-events';
import { publishEvent } from './event-publisher';

/** Merchant Updated on the bus: notify-merchant pushes it to the merchant's open dashboards (docs/decisions.md #87). */
export const announceMerchantUpdate: AnnounceMerchantUpdate = async (merchantId, change) => {
  const detail: MerchantUpdatedDetail = { merchantId, change };
  await publishEvent(PAYLINK_EVENT_SOURCE, MERCHANT_UPDATED, detail);
};
