/** Words on the dashboard shell and home (spec §2; one place, DECISIONS.md row 2). */
import { BUSINESS_PLAN_PRICE_CENTS, DEFAULT_CURRENCY } from '../../../../shared/brand';
import { formatMoney } from '../../lib/format-money';

const price = `${DEFAULT_CURRENCY.toUpperCase()} ${formatMoney(BUSINESS_PLAN_PRICE_CENTS, DEFAULT_CURRENCY, { wholeUnits: true })}`;

export const dashboardStrings = {
  shell: {
    skipToContent: 'Skip to main content',
    navLabel: 'Dashboard',
    nav: {
      home: 'Dashboard',
      paymentLinks: 'Payment Links & QR',
      transactions: 'Transactions',
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
  },
  home: {
    loading: 'Loading your dashboard...',
    profileUnavailable: 'Unable to load profile',
    retry: 'Try again',
    welcome: (name: string) => `Welcome back, ${name}`,
    planBadge: 'Business Plan',
    trialOffer: `First month free, then ${price}/month`,
    materialsKit: {
      title: 'Materials Kit',
      description: 'Printables for your counter, window and tables.',
      qrCodesForPrint: 'QR Codes for Print',
      qrCodesForPrintDetail: 'An A4 poster and an A6 table card for any payment link, as PDFs.',
      businessSetupGuide: 'Business Setup Guide',
      businessSetupGuideDetail: 'A step-by-step guide to taking payments with Paylink.',
      paymentTemplates: 'Payment Templates',
      paymentTemplatesDetail: 'Ready-made payment links for common sales.',
      notYetAvailable: 'Not available yet',
    },
  },
} as const;
