/** Words on the dashboard shell and home (one place, docs/decisions.md #2). */
import { BUSINESS_PLAN_PRICE_CENTS, DEFAULT_CURRENCY } from '@shared/brand';
import { formatMoney } from '@web/lib/format-money';

const price = `${DEFAULT_CURRENCY.toUpperCase()} ${formatMoney(BUSINESS_PLAN_PRICE_CENTS, DEFAULT_CURRENCY, { wholeUnits: true })}`;

export const dashboardStrings = {
  shell: {
    skipToContent: 'Skip to main content',
    navLabel: 'Dashboard',
    nav: {
      home: 'Dashboard',
      paymentLinks: 'Payment Links & QR',
      transactions: 'Transactions',
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
    paymentReceivedDetail: (amount: string, answers: string[] = []) =>
      [`${amount} has just been paid.`, ...answers].join(' · '),
    paymentReceivedPhone: (phone: string) => `Phone: ${phone}`,
  },
  home: {
    loading: 'Loading your dashboard...',
    profileUnavailable: 'Unable to load profile',
    retry: 'Try again',
    welcome: (name: string) => `Welcome back, ${name}`,
    trialOffer: `First month free, then ${price}/month`,
    createPaymentLink: 'Create Payment Link',
    notifications: {
      title: 'Notifications',
      description: 'Payments arrive here as they happen.',
      detail:
        "When a payer pays, a 'Payment received' notice appears and your payments, stats and chart update by themselves — no need to reload. Refunds and disputes update them too.",
    },
    recentPayments: {
      title: 'Recent Payments',
      description: 'The newest payments through your links.',
      loading: 'Loading payments...',
      failed: 'Failed to load payments',
      retry: 'Try again',
      emptyTitle: 'No payments yet',
      emptyDetail: 'Share a payment link or QR code and payments will appear here as they arrive.',
      viewAll: 'View All Payments',
      anonymous: 'Anonymous',
      tip: (amount: string) => `incl. ${amount} tip`,
    },
    overview: {
      title: 'Business Overview',
      description:
        'Money received less refunds: each payment counts on the day it settled, each refund on the day it was made.',
      loading: 'Loading statistics...',
      failedTitle: 'Error',
      failed: 'Failed to load dashboard statistics',
      retry: 'Try again',
      totalRevenue: 'Total Revenue',
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
      revenueColumn: 'Revenue',
      paymentsColumn: 'Payments',
      refundsColumn: 'Refunds',
      total: (amount: string) => `${amount} in total`,
      bestDay: (day: string, amount: string) => `best day ${day}, ${amount}`,
      noSales: 'No sales in this period yet.',
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
