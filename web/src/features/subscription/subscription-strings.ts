/** Words on the subscription card and gate (one place, docs/decisions.md #2). */
import { DEFAULT_TIME_ZONE, TRIAL_DAYS } from '@shared/brand';
import { formatDate } from '@shared/format-date';
import { ROLE_LABELS, type Role } from '@shared/roles';
import { businessPlanPrice } from '@web/lib/plan-pricing';

/** "NZD $29", written when a string that quotes it is read (the getters below, lib/plan-pricing.ts). */
const price = businessPlanPrice;

/** Dates show as dd/MM/yyyy, in the merchant's time zone (docs/decisions.md #12). */
export function formatPlanDate(iso: string): string {
  return formatDate(iso, DEFAULT_TIME_ZONE);
}

export const subscriptionStrings = {
  upgrade: 'Upgrade to Business',
  /** The plan is the owner's (docs/decisions.md #161): what a Manager or Staff member reads in its place. */
  planHidden: (role: Role) =>
    `The plan is the business's owner's: ask them to upgrade or change it (your role: ${ROLE_LABELS[role]}).`,
  openingCheckout: 'Opening checkout...',
  checkoutFailedTitle: 'Error',
  checkoutFailed: (message: string) => `Failed to create checkout: ${message}`,
  manage: 'Manage subscription',
  openingPortal: 'Opening portal...',
  portalFailedTitle: 'Error',
  portalFailed: (message: string) => `Failed to open portal: ${message}`,
  noRedirectUrl: 'Stripe did not return a page to open. Please try again.',
  newTabHint: 'Stripe opens in a new tab; this page updates when you come back.',
  checkingPlan: 'Checking your plan...',
  card: {
    title: 'Subscription',
    loading: 'Loading your subscription...',
    unavailable: 'Unable to load subscription status',
    retry: 'Try again',
    trialBadge: 'Free trial',
    trialDaysLeft: (days: number) =>
      days === 1 ? '1 day left in your free trial' : `${days} days left in your free trial`,
    trialEnds: (date: string) => `Your free trial ends on ${date}.`,
    get trialUpgrade() {
      return `Upgrade now to keep creating payment links after your trial: ${price()}/month, cancel anytime.`;
    },
    businessPlan: 'Business plan',
    activeBadge: 'Active',
    endingBadge: 'Ending',
    get price() {
      return `${price()}/month`;
    },
    renewsOn: (date: string) => `Renews on ${date}`,
    endsOn: (date: string) => `Ends on ${date}`,
    expiredBadge: 'Trial ended',
    /** A Business subscription still in its trial: nothing charged yet (docs/decisions.md #87). */
    trialingBadge: 'Trial',
    firstChargeOn: (date: string) => `Free until ${date}, then ${price()}/month`,
  },
  /** The plan's badge in the dashboard's header: Trial until the first charge (docs/decisions.md #87). */
  planBadge: {
    trial: 'Trial',
    business: 'Business Plan',
    expired: 'Trial ended',
  },
  expired: {
    title: `Your ${TRIAL_DAYS}-day free trial has ended`,
    get description() {
      return `Upgrade to Business to keep creating and sharing payment links: ${price()}/month, cancel anytime.`;
    },
    browse: 'Browse Features (Limited)',
    bannerTitle: 'Limited access',
    banner: 'Your free trial has ended. You can look around, but creating and changing payment links needs Business.',
  },
} as const;
