/** Words on the Requests screen and the "Send to a customer" dialog (one place, docs/decisions.md #2). */
import {
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MIN,
  REQUEST_NOTE_MAX,
  REQUESTS_PER_DAY,
  TRIAL_REQUESTS_PER_DAY,
  type RequestStatus,
} from '@shared/contracts/payment-requests';
import { AMOUNT_WORDS } from '@shared/amount-words';

export const requestsStrings = {
  heading: 'Requests',
  description: `Payment requests you have emailed to customers, and whether they have paid. Up to ${REQUESTS_PER_DAY} a day (${TRIAL_REQUESTS_PER_DAY} during the free trial).`,
  profileUnavailable: 'Unable to load profile',
  retry: 'Try again',
  newRequest: 'New request',

  list: {
    title: 'Your payment requests',
    description: 'Newest first. A request shows Paid once its customer pays through its Pay button.',
    loading: 'Loading requests...',
    loadFailedTitle: 'Requests could not be loaded',
    loadFailed: 'Check your connection and try again.',
    empty: 'No payment requests yet',
    emptyHint:
      'Send one with "New request" above for a one-off amount, or with "Send to a customer" in a payment link\'s menu.',
    columns: { customer: 'Customer', amount: AMOUNT_WORDS.amount, status: 'Status', sent: 'Date' },
    payerEnters: AMOUNT_WORDS.openAmount,
    viewPayment: 'View payment',
    reminderDue: (when: string) => `Reminder ${when}`,
    cancel: 'Cancel request',
    cancelFor: (customer: string) => `Cancel request to ${customer}`,
  },

  status: {
    sent: 'Sent',
    reminded: 'Reminded',
    paid: 'Paid',
    cancelled: 'Cancelled',
  } satisfies Record<RequestStatus, string>,

  cancelDialog: {
    title: 'Cancel this request?',
    description: (customer: string) =>
      `${customer} will not be reminded, and a payment made later through this request will not mark it Paid. This cannot be undone.`,
    oneOffNote: 'The Pay button in the email stops working.',
    keep: 'Keep request',
    confirm: 'Cancel request',
    cancelling: 'Cancelling...',
    done: 'Request cancelled',
    failed: 'The request could not be cancelled',
  },

  send: {
    title: 'Send to a customer',
    descriptionForLink: (title: string) => `Email one customer a request to pay "${title}".`,
    descriptionOneOff: 'Email one customer a request to pay a one-off amount.',
    titleLabel: 'What is it for?',
    titleHint: 'The customer sees this in the email and on the payment page.',
    amountLabel: 'Amount (NZD)',
    amountOptionalHint: 'Optional: filled in for the customer, who can change it.',
    amountFixed: (amount: string) => AMOUNT_WORDS.labelled(AMOUNT_WORDS.amount, amount),
    emailLabel: "Customer's email",
    nameLabel: "Customer's name (optional)",
    noteLabel: 'Note (optional)',
    noteHint: `Shown in the email, up to ${REQUEST_NOTE_MAX} characters.`,
    reminderLabel: 'Send one reminder if unpaid',
    reminderDaysLabel: 'Days after sending',
    reminderHint: `From ${REMINDER_DAYS_MIN} to ${REMINDER_DAYS_MAX} days. Never sent once paid or cancelled.`,
    cancel: 'Cancel',
    submit: 'Send request',
    sending: 'Sending...',
    sent: (email: string) => `Request sent to ${email}`,
    failed: 'The request was not sent',
    invalidAmount: 'Please enter a valid amount',
  },
} as const;
