import { merchantStore } from './merchant-store';
import { paymentLinkStore } from './payment-link-store';

/** The link and merchant stores, for creating, reading and changing payment links. */
export function paymentLinkDeps(now = new Date()) {
  return { links: paymentLinkStore, merchants: merchantStore, now };
}
