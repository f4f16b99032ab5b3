/**
 * GET /api/me/stats — the dashboard's Business Overview (its figures and revenue growth;
 * docs/decisions.md #12, #18). A payment counts on the day it settled, a refund on the day it was made, a lost
 * dispute on the day it was lost — in the merchant's time zone. Revenue is net of refunds and lost
 * disputes, with refunds shown beside it. Money in cents.
 */
import * as z from 'zod/mini';

/** Days the sales chart shows, today included. */
export const REVENUE_CHART_DAYS = 30;

export const dailyRevenueSchema = z.object({
  /** `yyyy-MM-dd` in the merchant's time zone. */
  day: z.string(),
  /** Net: what settled that day less what was refunded or lost to a dispute that day (may be negative). */
  revenueCents: z.number().check(z.int()),
  payments: z.number().check(z.int()),
  /** Refunded (and lost to disputes) that day. */
  refundCents: z.number().check(z.int()),
});
export type DailyRevenue = z.infer<typeof dailyRevenueSchema>;

export const dashboardStatsSchema = z.object({
  currency: z.string(),
  /** completedTransactions + pendingTransactions: payments that are, or may still become, money. */
  totalTransactions: z.number().check(z.int()),
  /** Net revenue: everything ever received (amount + tip) less refunds and lost disputes, in cents. */
  totalRevenue: z.number().check(z.int()),
  /** Everything ever received, before refunds. */
  grossRevenue: z.number().check(z.int()),
  /** Everything ever refunded (refunds that failed later are given back). */
  totalRefunds: z.number().check(z.int()),
  /** Everything lost to disputes (amounts of disputes closed as lost). */
  totalDisputeLosses: z.number().check(z.int()),
  /** Payments still waiting for Stripe's word. */
  pendingTransactions: z.number().check(z.int()),
  /** Succeeded payments. */
  completedTransactions: z.number().check(z.int()),
  activePaymentLinks: z.number().check(z.int()),
  /** Net, as totalRevenue. */
  thisMonthRevenue: z.number().check(z.int()),
  lastMonthRevenue: z.number().check(z.int()),
  /** Refunds and dispute losses this month, beside its revenue. */
  thisMonthRefunds: z.number().check(z.int()),
  /** Percent on net revenue, one decimal: (this − last) / last × 100; 100 when last is 0 and this is positive, else 0. */
  revenueGrowth: z.number(),
  /** The last REVENUE_CHART_DAYS days, oldest first, every day present (0 when nothing settled). */
  revenueByDay: z.array(dailyRevenueSchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** The growth figure, rounded to one decimal. */
export function revenueGrowthPercent(thisMonthCents: number, lastMonthCents: number): number {
  if (lastMonthCents === 0) return thisMonthCents > 0 ? 100 : 0;
  return Math.round(((thisMonthCents - lastMonthCents) / lastMonthCents) * 1000) / 10;
}
