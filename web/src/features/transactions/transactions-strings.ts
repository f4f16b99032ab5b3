/** Words on the Transactions screen (one place, docs/decisions.md #2). */
import { STATUS_GROUP_LABELS } from '@shared/payment-status-display';
import { AMOUNT_WORDS } from '@shared/amount-words';
import { SUBSCRIPTION_PAYMENT_WORDS, type SubscriptionPaymentKind } from '@shared/recurring';

const count = new Intl.NumberFormat('en-NZ');
const payments = (n: number) => `${count.format(n)} ${n === 1 ? 'payment' : 'payments'}`;

export const transactionsStrings = {
  heading: 'Transactions',
  description: 'Every payment made through your payment links.',
  profileUnavailable: 'Unable to load profile',
  retry: 'Try again',
  errorTitle: 'Error',

  list: {
    title: 'Transaction History',
    description: 'Newest first. Select a payment to see its details.',
    refresh: 'Refresh',
    refreshing: 'Refreshing...',
    loading: 'Loading transactions...',
    loadFailed: 'Failed to load transactions',
    empty: 'No transactions found',
    emptyHint: 'Create a payment link to start receiving payments!',
    emptyFilteredHint: 'No payment matches these filters. Change them or choose Clear All.',
    invalidFilters: 'Correct the filters above to see your transactions.',
    loadMore: 'Load more',
    noMatchYet: 'No matches among the newest payments',
    noMatchYetHint: 'Older payments have not been searched yet.',
    searchOlder: 'Search older payments',
    loadingMore: 'Loading...',
    shown: (n: number) => `Showing ${payments(n)}`,
    columns: {
      link: 'Payment Link',
      amount: AMOUNT_WORDS.amount,
      tip: AMOUNT_WORDS.tip,
      status: 'Status',
      customer: 'Customer',
      date: 'Date',
      actions: 'Actions',
    },
    details: 'Details',
    /** Read after 'Details' by a screen reader, so each row's button says which payment it opens. */
    detailsContext: (title: string, date: string) => `of the payment for ${title} on ${date}`,
    detailsFor: (title: string, date: string) => `Details of the payment for ${title} on ${date}`,
    noTip: '—',
    /** A card on a phone shows one figure: the total, and the tip in it. */
    totalFigure: AMOUNT_WORDS.totalFigure,
    includesTip: AMOUNT_WORDS.includesTip,
    /** Under a repeating link's title (docs/decisions.md #267): 'Subscription · renewal'. */
    subscriptionPayment: (kind: SubscriptionPaymentKind) =>
      `Subscription · ${SUBSCRIPTION_PAYMENT_WORDS[kind].toLowerCase()}`,
  },

  detail: {
    transactionHeading: 'Transaction Details',
    paymentHeading: 'Payment Details',
    customerHeading: 'Customer Details',
    transactionId: 'Transaction ID',
    stripeId: 'Stripe ID',
    status: 'Status',
    date: 'Date',
    amount: AMOUNT_WORDS.amount,
    tip: AMOUNT_WORDS.tip,
    total: AMOUNT_WORDS.total,
    method: 'Method',
    /** Stripe's method types shown by name; any other reads as its code in words ('Nz Bank Account'). */
    methodNames: { nz_bank_account: 'Bank debit (NZ)' } as Record<string, string>,
    // The spec's 'Pending', said plainly for money with the bank (docs/decisions.md #131).
    processingLabel: 'Processing',
    processing:
      'Checkout is complete and the money is on its way. A bank debit takes up to two business days to clear.',
    stripeFee: 'Stripe fee',
    paylinkFee: 'Paylink fee',
    // What a refund gives back of Paylink's fee, and what the merchant keeps, as the CSV's Net (#269).
    paylinkFeeReturned: 'Paylink fee returned',
    net: 'Net',
    subscription: 'Subscription',
    /** 'Renewal · NZD $25.00 every week' (docs/decisions.md #267). */
    subscriptionPayment: (kind: SubscriptionPaymentKind, terms: string | null) =>
      terms ? `${SUBSCRIPTION_PAYMENT_WORDS[kind]} · ${terms}` : SUBSCRIPTION_PAYMENT_WORDS[kind],
    lastError: 'Last attempt',
    emailRefused: { receipt: 'Receipt not sent', refund_notice: 'Refund notice not sent' },
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    paymentLink: 'Payment Link',
    reference: 'Reference',
    anonymous: 'Anonymous',
    deletedLink: 'Deleted link',
    none: '—',
    loadingDetails: 'Loading payment details...',
    card: (brand: string, last4: string) => `${brand} ending in ${last4}`,
    viewInStripe: 'View in Stripe',
    viewReceipt: 'View Receipt',
    resendReceipt: 'Resend receipt',
    resendingReceipt: 'Sending...',
    /** The receipt Paylink serves (taxable supply information), by its number. */
    viewTaxReceipt: (receiptNumber: number | null) =>
      receiptNumber === null ? 'Receipt page' : `Receipt no. ${receiptNumber}`,
    /** Why a payment has two receipt buttons: the business's receipt, and Stripe's record of the card charge. */
    receiptsExplained: (receiptNumber: number | null) =>
      `${receiptNumber === null ? 'The receipt page' : `Receipt no. ${receiptNumber}`} is your receipt to your customer, with its GST, as they got it. View Receipt is Stripe's record of the card charge.`,
    opensInNewTab: '(opens in a new tab)',
    copy: (what: string) => `Copy ${what}`,
    refunded: 'Refunded',
    refundsHeading: 'Refunds',
    /** A refund made through Paylink names who made it (docs/decisions.md #162). */
    refundedBy: (amount: string, name: string) => `Refunded ${amount} by ${name}`,
    refundsList: 'Refunds of this payment',
    disputeHeading: 'Dispute',
    disputeStatus: 'Status',
    disputeReason: 'Reason',
    disputeAmount: AMOUNT_WORDS.amount,
    disputeOpened: 'Opened',
    respondBy: (when: string) => `Respond by ${when}`,
    respondInStripe: 'Respond in Stripe',
  },

  /** A refund's state in plain words (Stripe's refund statuses). */
  refundStatus: {
    succeeded: 'Refunded',
    pending: 'Pending',
    requires_action: 'Pending',
    canceled: 'Cancelled',
    failed: (reason: string | null) => (reason ? `Failed: ${reason}` : 'Failed'),
  },
  /** Stripe's `failure_reason` values, as a merchant would say them. */
  refundFailureReasons: {
    lost_or_stolen_card: 'the card was reported lost or stolen',
    expired_or_canceled_card: 'the card has expired or was cancelled',
    charge_for_pending_refund_disputed: 'the payment was disputed',
    insufficient_funds: 'your Stripe balance was too low',
    declined: 'the card issuer declined it',
    merchant_request: 'cancelled at your request',
    unknown: 'Stripe did not say why',
  } as Record<string, string>,
  /** Stripe's dispute statuses. */
  disputeStatus: {
    needs_response: 'Needs your response',
    under_review: 'Under review',
    won: 'Won',
    lost: 'Lost',
    warning_needs_response: 'Inquiry: needs your response',
    warning_under_review: 'Inquiry under review',
    warning_closed: 'Inquiry closed',
    charge_refunded: 'Closed: payment refunded',
    prevented: 'Prevented',
  } as Record<string, string>,
  /** Stripe's dispute reasons. */
  disputeReasons: {
    fraudulent: 'Fraudulent',
    duplicate: 'Duplicate charge',
    product_not_received: 'Product not received',
    product_unacceptable: 'Product unacceptable',
    subscription_canceled: 'Subscription cancelled',
    credit_not_processed: 'Refund not processed',
    unrecognized: 'Not recognised by the card holder',
    general: 'General',
    bank_cannot_process: 'Bank cannot process',
    customer_initiated: 'Customer initiated',
    debit_not_authorized: 'Debit not authorised',
    incorrect_account_details: 'Incorrect account details',
    insufficient_funds: 'Insufficient funds',
    noncompliant: 'Not compliant',
    check_returned: 'Cheque returned',
  } as Record<string, string>,

  refund: {
    button: 'Refund',
    title: 'Refund payment',
    description: (refundable: string, total: string) =>
      `Give money back to the payer. Up to ${refundable} of ${total} can still be refunded; the payer's card is credited in 5–10 business days.`,
    amount: 'Amount (NZD)',
    amountHint: (refundable: string) => `At most ${refundable}.`,
    reason: 'Reason',
    reasons: {
      requested_by_customer: 'Requested by customer',
      duplicate: 'Duplicate',
      fraudulent: 'Fraudulent',
    },
    invalidAmount: 'Enter an amount in NZD, e.g. 12.50.',
    tooMuch: (refundable: string) => `You can refund at most ${refundable}.`,
    confirm: (amount: string) => `Refund ${amount}`,
    confirmPlain: 'Refund',
    refunding: 'Refunding…',
    cancel: 'Cancel',
    done: (amount: string) => `Refunded ${amount}`,
    doneDetail: "The payer's card is credited in 5–10 business days.",
    failed: 'Refund failed',
  },

  copy: {
    copied: 'Copied!',
    copiedDetail: (what: string) => `${what} copied to clipboard`,
    failed: 'Could not copy to the clipboard. Select the text and copy it instead.',
  },

  filters: {
    title: 'Filters',
    show: 'Show Filters',
    hide: 'Hide Filters',
    active: '(filters active)',
    clearAll: 'Clear All',
    dateFrom: 'Date From',
    dateTo: 'Date To',
    datePlaceholder: 'dd/mm/yyyy',
    /** The contract's own words for a date it refuses (shared/contracts/payments.ts). */
    invalidDate: 'Enter a date as dd/MM/yyyy.',
    status: 'Status',
    allStatuses: 'All',
    statusOptions: STATUS_GROUP_LABELS,
    transactionId: 'Transaction ID',
    transactionIdPlaceholder: 'pay_…, pi_… or cs_…',
    customerEmail: 'Customer Email',
    customerEmailPlaceholder: 'name@example.com',
    reference: 'Reference',
    referencePlaceholder: 'e.g. INV-0042',
    /** The filter compares each payment's total (docs/decisions.md #100). */
    amountRange: `${AMOUNT_WORDS.total} Range (NZD)`,
    amountMin: 'Min',
    amountMax: 'Max',
    amountPlaceholder: '0.00',
  },

  datePicker: {
    open: (field: string) => `Choose ${field} from a calendar`,
    title: (field: string) => `Choose ${field}`,
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    close: 'Close',
  },

  exportCsv: {
    button: 'Export CSV',
    exporting: (n: number) => `Exporting… ${payments(n)}`,
    progressLabel: 'Exporting transactions',
    cancel: 'Cancel',
    done: 'Export ready',
    doneDetail: (n: number, file: string) => `${payments(n)} saved as ${file}.`,
    cancelled: 'Export cancelled',
    failed: 'Failed to export transactions',
  },
  /** Transactions' 'Resend receipt' (docs/decisions.md #89). */
  resendReceipt: {
    done: 'Receipt sent',
    doneDetail: (email: string) => `The receipt went to ${email}, the address the payer gave at checkout.`,
    failedTitle: 'Receipt not sent',
  },
} as const;
