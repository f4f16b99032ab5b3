import { merchantStore } from '../adapters/merchant-store';
import { activeLinkCounter } from '../adapters/payment-link-store';
import { paymentStore } from '../adapters/payment-store';
import { statsStore } from '../adapters/stats-store';
import { dashboardStats } from '../domain/stats';
import { httpHandler, merchantIdOf } from './http-handler';

export const handler = httpHandler(async (event) => ({
  body: await dashboardStats(merchantIdOf(event), {
    merchants: merchantStore,
    stats: statsStore,
    payments: paymentStore,
    links: activeLinkCounter,
    now: new Date(),
  }),
}));
