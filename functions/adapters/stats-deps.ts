import type { StatsReadDeps } from '../domain/stats';
import { merchantStore } from './merchant-store';
import { activeLinkCounter } from './payment-link-store';
import { paymentStore } from './payment-store';
import { statsStore } from './stats-store';

/** What the dashboard's figures are read from. */
export function statsReadDeps(now = new Date()): StatsReadDeps {
  return { merchants: merchantStore, stats: statsStore, payments: paymentStore, links: activeLinkCounter, now };
}
