import { PAYLINK_EVENT_SOURCE, PAYMENT_UPDATED, type PaymentUpdatedDetail } from '@shared/contracts/realtime';
import type { SettlementDeps } from '../domain/settlement';
import { publishEvent } from './event-publisher';
import { merchantStore } from './merchant-store';
import { moneyStore } from './money-store';
import { telemetry } from './observability';
import { linkPlacesStore } from './payment-link-store';
import { paymentRequestStore } from './payment-request-store';
import { paymentStore } from './payment-store';
import { statsStore } from './stats-store';
import { stripeClient } from './stripe-client';

/** The real stores, Stripe and the bus, for everything that settles payments (webhook consumer, result pages). */
export async function settlementDeps(now = new Date()): Promise<SettlementDeps> {
  return {
    payments: paymentStore,
    places: linkPlacesStore,
    money: moneyStore,
    merchants: merchantStore,
    stats: statsStore,
    stripe: await stripeClient(),
    requests: paymentRequestStore,
    telemetry,
    now,
    async announce(payment, change: 'status' | 'money' = 'status') {
      const detail: PaymentUpdatedDetail = {
        merchantId: payment.merchantId,
        paymentId: payment.paymentId,
        status: payment.status,
        totalCents: payment.totalCents,
        tipCents: payment.tipCents,
        currency: payment.currency,
        change,
        moneyState: payment.moneyState ?? null,
        refundedCents: payment.refundedCents ?? 0,
        ...(payment.customFields && payment.customFields.length > 0 && { customFields: payment.customFields }),
        ...(payment.payerPhone && { payerPhone: payment.payerPhone }),
      };
      await publishEvent(PAYLINK_EVENT_SOURCE, PAYMENT_UPDATED, detail);
    },
  };
}
