/** Words on the dashboard shell and home (one place, docs/decisions.md #2). */
import { BUSINESS_PLAN_PRICE_CENTS, DEFAULT_CURRENCY } from '@shared/brand';
import { formatMoney } from '@web/lib/format-money';
import { AMOUNT_WORDS } from '@shared/amount-words';

import { dashboardFrameStrings } from './dashboard-frame-strings';

/**
 * "NZD $29", written when the string that quotes it is read (trialOffer's getter), not as this module is
 * evaluated: evaluating the dashboard's code makes no Intl formatter (the first one a page makes loads the
 * browser's locale data: docs/decisions.md #291).
 */
const planPrice = () =>
  `${DEFAULT_CURRENCY.toUpperCase()} ${formatMoney(BUSINESS_PLAN_PRICE_CENTS, DEFAULT_CURRENCY, { wholeUnits: true })}`;

export const dashboardStrings = {
  shell: {
    skipToContent: 'Skip to main content',
    navLabel: 'Dashboard',
    nav: {
      home: 'Dashboard',
      paymentLinks: 'Payment Links & QR',
      transactions: 'Transactions',
      requests: 'Requests',
      subscribers: 'Subscribers',
      payouts: 'Payouts',
      settings: 'Settings',
    },
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    menuTitle: 'Menu',
    signedInAs: 'Signed in as',
    logout: 'Logout',
    loggingOut: 'Logging out...',
    logoutFailedTitle: 'Error',
    logoutFailed: (message: string) => `Failed to log out: ${message}`,
    paymentReceived: 'Payment received',
    paymentReceivedDetail: (total: string, tip: string | null, answers: string[] = []) =>
      [`${AMOUNT_WORDS.totalWithTip(total, tip)} has just been paid.`, ...answers].join(' · '),
    paymentReceivedPhone: (phone: string) => `Phone: ${phone}`,
  },
  home: {
    loading: dashboardFrameStrings.loading,
    profileUnavailable: 'Unable to load profile',
    retry: 'Try again',
    welcome: dashboardFrameStrings.welcome,
    setup: {
      title: 'Set up your business',
      progress: (done: number, of: number) => `${done} of ${of} done. These tick themselves as you go.`,
      dismiss: 'Hide',
      stripe: 'Connect Stripe',
      stripeDetail: 'Payments go straight to your own Stripe account. Stripe opens in a new tab.',
      stripeAction: 'Connect Stripe',
      connecting: 'Opening Stripe...',
      link: 'Create your first link',
      linkDetail: 'A price and a title is all it takes; the tip is optional.',
      linkAction: 'Create a link',
      print: 'Print your QR code',
      printDetail: 'Download a poster, a table card or the QR code for your counter.',
      printAction: 'Print materials',
      tax: 'Set up GST and Xero',
      taxDetail:
        'Say whether you are registered for GST, so receipts show it and your Xero files are coded. Not registered? Say so and this ticks.',
      taxAction: 'Tax settings',
      doneSr: ' (done)',
      todoSr: ' (to do)',
    },
    get trialOffer() {
      return `First month free, then ${planPrice()}/month`;
    },
    createPaymentLink: 'Create Payment Link',
    recentPayments: {
      title: 'Recent Payments',
      description: 'The newest payments through your links, shown as they arrive.',
      loading: 'Loading payments...',
      failed: 'Failed to load payments',
      retry: 'Try again',
      emptyTitle: 'No payments yet',
      emptyDetail: 'Share a payment link or QR code and payments will appear here as they arrive.',
      viewAll: 'View All Payments',
      anonymous: 'Anonymous',
      totalFigure: AMOUNT_WORDS.totalFigure,
      includesTip: AMOUNT_WORDS.includesTip,
    },
    overview: {
      title: 'Business Overview',
      description:
        'Money received less refunds: each payment counts on the day it settled, each refund on the day it was made.',
      loading: 'Loading statistics...',
      failedTitle: 'Error',
      failed: 'Failed to load dashboard statistics',
      retry: 'Try again',
      totalRevenue: AMOUNT_WORDS.revenue,
      netOf: (gross: string) => `${gross} paid in, before refunds`,
      refunds: 'Refunds',
      refundsThisMonth: (amount: string) => `${amount} this month`,
      disputeLosses: (amount: string) => `incl. ${amount} lost to disputes`,
      thisMonth: 'This Month',
      lastMonth: 'Last Month',
      growth: (percent: string) => `${percent} vs last month`,
      /** No revenue last month: a percentage of nothing says nothing. */
      newThisMonth: 'New this month (nothing last month)',
      noRevenueYet: 'No revenue this month or last yet',
      completed: 'Completed',
      pending: 'Pending',
      totalTransactions: 'Total Transactions',
      activeLinks: 'Active Links',
      verify: 'Verify & Refresh',
      verifying: 'Verifying...',
      verifyingToast: 'Verifying transactions...',
      verifiedToast: 'Verification completed',
      verifiedDetail: (checked: number, settled: number) =>
        checked === 0
          ? 'No pending payments to check.'
          : `Checked ${checked} pending ${checked === 1 ? 'payment' : 'payments'} with Stripe; ${settled} settled.`,
      verifyFailedTitle: 'Error',
    },
    salesChart: {
      title: 'Sales Analytics',
      description: (days: number) => `Revenue per day after refunds, last ${days} days.`,
      loading: 'Loading sales...',
      tableCaption: (days: number) => `Revenue per day, last ${days} days`,
      dayColumn: 'Day',
      revenueColumn: AMOUNT_WORDS.revenue,
      paymentsColumn: 'Payments',
      refundsColumn: 'Refunds',
      total: (amount: string) => `${amount} in total`,
      bestDay: (day: string, amount: string) => `best day ${day}, ${amount}`,
      noSales: 'No sales in this period yet.',
      emptyHint: 'Each day’s sales will show here as a bar once payers start paying through your links.',
      bar: (day: string, amount: string, payments: number, refunds: string | null) =>
        `${day}: ${amount} from ${payments} ${payments === 1 ? 'payment' : 'payments'}` +
        (refunds ? `, after ${refunds} refunded` : ''),
    },
    quickActions: {
      title: 'Quick Actions',
      createLink: 'Create Payment Link',
      generateQr: 'Generate QR Code',
      viewTransactions: 'View Transactions',
    },
    businessStatus: {
      title: 'Business Status',
      stripe: 'Stripe',
      connected: 'Connected',
      notConnected: 'Not Connected',
      checking: 'Checking...',
      thisMonthRevenue: (currency: string) => `This month's revenue (${currency})`,
      businessName: 'Business name',
      notSpecified: 'Not specified',
      activeLinks: 'Active payment links',
      unknown: '—',
      connectStripe: 'Connect Stripe to Accept Payments',
      ownerConnectsStripe: "The business's owner has to connect Stripe before payments can be taken.",
    },
    materialsKit: {
      title: 'Materials Kit',
      description: 'Printables and shortcuts for your counter, window and tables.',
      qrCodesForPrint: 'QR Codes for Print',
      qrCodesForPrintDetail: 'An A4 poster and an A6 table card for any payment link, as PDFs.',
      businessSetupGuide: 'Business Setup Guide',
      businessSetupGuideDetail: 'A one-page, printable guide to taking payments with Paylink.',
      paymentTemplates: 'Payment Templates',
      paymentTemplatesDetail: 'Ready-made payment links for common sales, created in one click.',
    },
  },
} as const;
