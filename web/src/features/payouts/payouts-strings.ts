/** Words on the Payouts screen (one place, docs/decisions.md #2). */
import type { PayoutLineKind, PayoutStatus } from '@shared/contracts/payouts';
import type { GstPeriodLength } from '@shared/gst-periods';

const count = new Intl.NumberFormat('en-NZ');

export const payoutsStrings = {
  heading: 'Payouts',
  description: 'What Stripe has paid into your bank, and the payments, refunds, fees and disputes in each payout.',
  profileUnavailable: 'Unable to load profile',
  retry: 'Try again',

  list: {
    title: 'Payouts to your bank',
    description: 'Newest first. Open a payout to see what it is made of.',
    loading: 'Loading payouts...',
    loadFailedTitle: 'Payouts could not be loaded',
    loadFailed: 'Check your connection and try again.',
    empty: 'No payouts yet',
    emptyHint: 'Stripe pays your takings into your bank once they are available, usually a few days after a payment.',
    loadMore: 'Load more',
    loadingMore: 'Loading...',
    columns: { arrival: 'Arrival date', amount: 'Amount', status: 'Status', created: 'Paid out on' },
  },

  status: {
    pending: 'Pending',
    in_transit: 'In transit',
    paid: 'Paid',
    failed: 'Failed',
    canceled: 'Canceled',
  } satisfies Record<PayoutStatus, string>,

  detail: {
    loading: 'Loading the payout...',
    loadFailed: 'This payout could not be loaded.',
    linesTitle: (n: number) => `${count.format(n)} ${n === 1 ? 'line' : 'lines'} in this payout`,
    showing: (shown: number, all: number) => `Showing ${count.format(shown)} of ${count.format(all)} lines`,
    loadMore: 'Load more lines',
    loadingMore: 'Loading more lines...',
    loadMoreFailed: 'More lines could not be loaded.',
    columns: { date: 'Date', what: 'What', payee: 'Payee', amount: 'Amount' },
    total: 'Lines add up to',
    matches: 'the payout to the cent',
    mismatch: 'which is not the payout amount: contact support',
    failed: (message: string) => `The bank returned this payout: ${message}`,
  },

  kinds: {
    payment: 'Payment',
    refund: 'Refund',
    dispute: 'Dispute',
    stripe_fee: 'Stripe fee',
    paylink_fee: 'Paylink fee',
    fee_refund: 'Paylink fee returned',
    payout_failure: 'Earlier payout returned',
    other: 'Stripe adjustment',
  } satisfies Record<PayoutLineKind, string>,

  exports: {
    title: 'Export for Xero',
    description:
      'Bank statement CSVs for a "Stripe clearing account" in Xero: one line per payment, fee, refund and dispute, then the payout itself as a transfer to your bank, so the clearing account comes back to zero. The precoded file also sets Account Code and Tax Rate.',
    from: 'Arriving from',
    to: 'Arriving to',
    statement: 'Xero CSV',
    precoded: 'Precoded Xero CSV',
    rangeStatement: 'Download Xero CSV for these dates',
    rangePrecoded: 'Download precoded Xero CSV for these dates',
    payoutStatement: 'Download Xero CSV',
    payoutPrecoded: 'Download precoded Xero CSV',
    working: 'Preparing...',
    invalidRange: 'Choose a from date on or before the to date.',
    nothing: 'No payouts arrive in those dates.',
    failed: 'The export could not be made. Try again.',
    done: (n: number) => `Exported ${count.format(n)} ${n === 1 ? 'line' : 'lines'}`,
  },

  /**
   * The in-app guide to the two files (README "Payouts into Xero" says the same for the operator): which file,
   * the clearing account made once, the import, and the deposit reconciled as a transfer (docs/decisions.md #57).
   */
  xeroGuide: {
    title: 'How to bring these files into Xero',
    description: 'Which file to choose, the account to make once, and how the deposit in your bank is matched.',
    show: 'Show the Xero steps',
    whichFile: {
      title: 'Which file?',
      statement:
        'Xero CSV: every payment, fee, refund and dispute as a bank statement line, for you or your accountant to code in Xero.',
      precoded:
        'Precoded Xero CSV: the same lines with Account Code and Tax Rate already set (sales, bank fees, GST on each as Paylink worked it out), so Xero can create the transactions for you. Choose this one unless your accountant codes the lines.',
    },
    steps: [
      {
        title: 'Once: make a Stripe clearing account',
        body: 'In Xero, go to Accounting → Bank accounts → Add Bank Account, and add an account named "Stripe clearing account" (any account number). Your Paylink takings pass through it on their way to your bank.',
      },
      {
        title: 'Each payout: import its file',
        body: "Download the payout's file here (or every payout between two dates above). In Xero, open the Stripe clearing account, choose Manage Account → Import a Statement, pick the file and match its columns (Xero remembers them). Xero takes up to 1,000 lines a file, so a busy export comes as numbered parts: import each. With the precoded file, tick the option to create transactions from the statement lines.",
      },
      {
        title: 'Match the deposit as a transfer',
        body: 'Each payout\'s last line, "Payout to your bank account", is money moving to your real bank. Reconcile it in the clearing account as a Transfer to your bank account, then match the deposit in your bank feed to that transfer. The clearing account comes back to zero.',
      },
    ],
    why: 'Why a clearing account: your bank sees one deposit per payout, after fees and refunds, while your books need each sale in full, each fee as an expense and each refund on its own.',
  },

  gst: {
    title: 'GST summary',
    description:
      'The GST on your receipts in a taxable period, less the GST your refunds corrected: your sales through Paylink for your GST return.',
    frequency: 'Filing frequency',
    frequencies: { 1: 'Monthly', 2: 'Two-monthly', 6: 'Six-monthly' } satisfies Record<GstPeriodLength, string>,
    endsIn: 'Periods end in',
    evenMonths: 'Even months (February, April, …)',
    oddMonths: 'Odd months (January, March, …)',
    balanceMonth: 'Balance month',
    balanceMonthHint: 'Six-monthly periods end in your balance month and six months after it.',
    period: 'Period',
    loading: 'Adding up the period...',
    loadFailedTitle: 'The GST summary could not be made',
    figures: {
      sales: 'Sales including GST',
      collected: (n: number) => `GST on ${count.format(n)} ${n === 1 ? 'receipt' : 'receipts'}`,
      corrected: (n: number) => `GST corrected by ${count.format(n)} ${n === 1 ? 'refund' : 'refunds'}`,
      net: 'GST on your Paylink sales',
    },
    days: (from: string, to: string) => `${from} to ${to}, on your clock.`,
    empty: 'No receipts or refunds in this period.',
    download: 'Download GST summary CSV',
    downloaded: 'GST summary downloaded',
    scope:
      'Paylink payments only: add your other sales and your purchases in your GST return. Refunds of payments made more than 12 months before the period are not included.',
    notRegistered:
      'You are not registered for GST now (Settings → Tax), so your receipts from now on carry no GST. The summary shows the GST your receipts stated when they were issued, for periods when you were registered.',
    openSettings: 'Open Settings',
  },
};
