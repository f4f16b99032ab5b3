/** Words on the Subscribers screen (one place, docs/decisions.md #2). */
import { SUBSCRIBER_STATUS_WORDS } from '@shared/subscribers-csv';

export const subscribersStrings = {
  heading: 'Subscribers',
  description: 'Customers paying through your repeating links, and when they pay next.',
  profileUnavailable: 'Unable to load profile',
  retry: 'Try again',
  allLinks: 'All links',
  filterLabel: 'Link',
  downloadCsv: 'Download CSV',
  list: {
    title: 'Your subscribers',
    description: 'Newest first. Each payment also shows in Transactions.',
    loading: 'Loading subscribers...',
    loadFailedTitle: 'Subscribers could not be loaded',
    loadFailed: 'Check your connection and try again.',
    empty: 'No subscribers yet',
    emptyHint: 'Customers appear here once they pay a link that repeats.',
    columns: { customer: 'Customer', amount: 'Amount', status: 'Status', payments: 'Payments', next: 'Next payment' },
    paymentsMade: (made: number, planned: number | null) => (planned === null ? `${made}` : `${made} of ${planned}`),
    endsAtPeriodEnd: 'Ends after this period',
    noName: 'Name not given',
  },
  status: SUBSCRIBER_STATUS_WORDS,
  cancel: {
    action: 'Cancel',
    title: 'Cancel this subscription?',
    description: (who: string) => `${who} will not be charged again. Payments already made are not refunded.`,
    now: 'Cancel now',
    atPeriodEnd: 'At the end of this period',
    keep: 'Keep it',
    done: 'Subscription cancelled',
    failed: 'The subscription could not be cancelled. Please try again.',
  },
} as const;
