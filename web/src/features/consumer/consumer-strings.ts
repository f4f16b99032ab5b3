/**
 * Every word of the consumer wallet demo. The demo keeps its USD
 * (docs/decisions.md #1), written as US people read it ("$5.00").
 */
import { BRAND_NAME } from '@shared/brand';
import {
  CONSUMER_INVALID_PASSWORD_MESSAGE,
  CONSUMER_LOAD_FAILED_MESSAGE,
  CONSUMER_MIN_WITHDRAWAL_CENTS,
} from '@shared/contracts/consumer';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Cents as "$1,245.50". */
export const formatUsd = (cents: number) => usd.format(cents / 100);

export const consumerStrings = {
  pageTitle: (what: string) => `${what} · ${BRAND_NAME} Wallet`,
  description: `${BRAND_NAME} Wallet, a demo: earn 2% cashback when you pay with a ${BRAND_NAME} QR code.`,
  appName: `${BRAND_NAME} Wallet`,
  demoBadge: 'Demo',
  gate: {
    title: 'Consumer wallet demo',
    heading: `${BRAND_NAME} Wallet`,
    intro: 'This demo is password protected. Enter the password to open it.',
    passwordLabel: 'Password',
    submit: 'Unlock',
    submitting: 'Checking…',
    invalidPassword: CONSUMER_INVALID_PASSWORD_MESSAGE,
    unreachable: `Could not reach ${BRAND_NAME}. Check your connection and try again.`,
    home: `Back to ${BRAND_NAME}`,
  },
  loadFailed: CONSUMER_LOAD_FAILED_MESSAGE,
  loadFailedTitle: 'Error',
  retry: 'Try again',
  loading: 'Loading your wallet…',
  nav: {
    label: 'Wallet navigation',
    home: 'Home',
    wallet: 'Wallet',
    scanner: 'Scanner',
    marketplace: 'Marketplace',
    profile: 'Profile',
    lock: 'Lock',
  },
  dashboard: {
    title: 'Home',
    greeting: (name: string) => `Hi, ${name}`,
    subtitle: 'Here is your wallet at a glance.',
    totalBalance: 'Total balance',
    cashbackEarned: 'Cashback earned',
    availableCashback: 'Available cashback',
    scanAndPay: 'Scan & Pay',
    myWallet: 'My Wallet',
    recent: 'Recent transactions',
    viewAll: 'View all',
    none: 'No transactions yet.',
  },
  wallet: {
    title: 'My Wallet',
    fiat: 'Fiat balance (USD)',
    crypto: 'Crypto',
    cashback: 'Cashback',
    cryptoNote: 'Demo value: $50 a unit',
    tabsLabel: 'Wallet details',
    tabs: { transactions: 'Transactions', crypto: 'Crypto', cashback: 'Cashback' },
    withdrawLabel: 'Withdraw amount',
    withdrawHint: `Minimum withdrawal: ${formatUsd(CONSUMER_MIN_WITHDRAWAL_CENTS)}`,
    withdraw: 'Withdraw',
    withdrawDemo: 'This is a demo: no money moves.',
    cashbackOn: (amount: string) => `${amount} cashback`,
    pending: 'Pending',
    units: (units: number, symbol: string) => `${units} ${symbol}`,
  },
  marketplace: {
    title: 'Marketplace',
    intro: 'Earn 2% cashback at every store that takes Paylink.',
    searchLabel: 'Search products',
    searchPlaceholder: 'Search products or stores',
    categoriesLabel: 'Categories',
    all: 'All',
    none: 'No products match your search.',
    cashback: (amount: string) => `Earn ${amount} cashback`,
  },
  profile: {
    title: 'Profile',
    memberSince: 'Member since March 2024',
    referralTitle: 'Invite a friend',
    referral: (reward: string) => `Get ${reward} when a friend makes their first payment.`,
    notificationsTitle: 'Notifications',
    notificationsNote: 'These settings are kept on this device only.',
    toggles: {
      pushNotifications: 'Push notifications',
      emailOffers: 'Email offers',
      cashbackAlerts: 'Cashback alerts',
      weeklyDigest: 'Weekly digest',
    },
  },
  scanner: {
    title: 'Scan & Pay',
    intro: 'Point your camera at a Paylink QR code to open its payment page.',
    starting: 'Starting the camera…',
    scanning: 'Looking for a QR code…',
    noCamera: 'The camera is not available here. Upload a photo of the QR code instead.',
    uploadLabel: 'Upload a QR code image',
    noCode: 'No QR code found in that image. Try a sharper photo.',
    notPaylink: `That QR code is not a ${BRAND_NAME} payment link.`,
    opening: 'Opening the payment page…',
    videoLabel: 'Camera view',
  },
};
