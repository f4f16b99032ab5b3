/** What recurring links' events, routes and the payer's manage address need (issue 45). */
import type { RecurringDeps } from '../domain/recurring-events';
import { tellOfDecline, type RenewalMailDeps } from '../domain/recurring-emails';
import { ENV } from '../environment';
import { sendEmail } from './mailer';
import { announceMerchantUpdate } from './merchant-news';
import { merchantStore } from './merchant-store';
import { paymentStore } from './payment-store';
import { settlementDeps } from './settlement-deps';
import { stripeClient } from './stripe-client';
import { subscriberStore } from './subscriber-store';

const appOrigin = () => process.env[ENV.appOrigin] ?? '';

/** The recurring event consumer's: everything a settle needs, the subscribers, and the renewal emails. */
export async function recurringEventDeps(now = new Date()): Promise<RecurringDeps> {
  const mail: RenewalMailDeps = {
    payments: paymentStore,
    merchants: merchantStore,
    send: sendEmail,
    appOrigin: appOrigin(),
  };
  return {
    ...(await settlementDeps(now)),
    subscribers: subscriberStore,
    readClock: () => Date.now(),
    tellOfDecline: (subscriber, outcome) => tellOfDecline(subscriber, outcome, mail),
    announceMerchantUpdate,
  };
}

/** The merchant's cancel: the subscribers and Stripe. */
export async function cancelSubscriberDeps(now = new Date()) {
  return { subscribers: subscriberStore, stripe: await stripeClient(), now };
}

/** The payer's manage address: the receipt's payment, its subscriber, its merchant's portal configuration, Stripe. */
export async function billingPortalDeps() {
  return {
    payments: paymentStore,
    subscribers: subscriberStore,
    merchants: merchantStore,
    stripe: await stripeClient(),
    appOrigin: appOrigin(),
  };
}
