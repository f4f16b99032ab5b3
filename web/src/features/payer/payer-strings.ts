/**
 * Every word the anonymous payer reads: the payment page /p/{id} and the result pages, with
 * the product's error words for payment and receipt (docs/decisions.md #1, #10, #11). The messages the
 * server shares with these pages come from shared/payment-messages.ts, which loads no schema library.
 */
import { BRAND_NAME } from '@shared/brand';
import {
  AMOUNT_TOO_LARGE_MESSAGE,
  AMOUNT_TOO_SMALL_MESSAGE,
  LINK_EXPIRED_DEFAULT_MESSAGE,
  LINK_EXPIRED_TITLE,
  LINK_NOT_ACCEPTING_MESSAGE,
  LINK_SOLD_OUT_MESSAGE,
  LINK_NOT_FOUND_MESSAGE,
  LINK_NOT_FOUND_NEXT_STEP,
  LINK_NOT_FOUND_TITLE,
} from '@shared/payment-messages';
import { PAYER_PAGE_WORDS as words } from '@shared/payer-page-words';
import { AMOUNT_WORDS } from '@shared/amount-words';

/** The browser tab's title: what the page is, then the product. */
export const pageTitle = (what: string) => `${what} · ${BRAND_NAME}`;

export const payerStrings = {
  homeLink: words.homeLink,
  securedByStripe: words.securedByStripe,
  tryAgain: 'Try again',
  networkError: `Could not reach ${BRAND_NAME}. Check your connection and try again.`,
  visitWebsite: words.visitWebsite,

  paymentPage: {
    documentTitle: words.documentTitle,
    loading: 'Loading payment page',
    notFoundTitle: LINK_NOT_FOUND_TITLE,
    notFoundMessage: LINK_NOT_FOUND_MESSAGE,
    notFoundNextStep: LINK_NOT_FOUND_NEXT_STEP,
    notAcceptingTitle: 'Payments paused',
    notAcceptingMessage: LINK_NOT_ACCEPTING_MESSAGE,
    expiredTitle: LINK_EXPIRED_TITLE,
    expiredDefaultMessage: LINK_EXPIRED_DEFAULT_MESSAGE,
    soldOutMessage: LINK_SOLD_OUT_MESSAGE,
    loadFailedTitle: 'This payment page could not be loaded',
    payTo: words.payTo,
    amountLabel: words.amountLabel,
    enterAmount: words.enterAmount,
    tipLegend: words.tipLegend,
    noTip: words.noTip,
    tipOption: words.tipOption,
    subtotal: words.subtotal,
    tipLine: words.tipLine,
    total: words.total,
    summaryLabel: words.summaryLabel,
    payNow: words.payNow,
    processing: words.processing,
    invalidAmount: 'Please enter a valid amount',
    amountTooSmall: AMOUNT_TOO_SMALL_MESSAGE,
    amountTooLarge: AMOUNT_TOO_LARGE_MESSAGE,
    paymentError: (message: string) => `Payment error: ${message}`,
    sessionError: 'Error creating payment session',
    redirectNote: words.redirectNote,
  },

  success: {
    documentTitle: 'Payment Confirmed',
    verifying: 'Confirming your payment...',
    confirmedHeading: 'Payment Confirmed!',
    confirmedBody: (payee: string) => `Thank you. Your payment to ${payee} went through.`,
    processedHeading: 'Payment Processed',
    processedBody: 'Automatic verification failed, but the payment may have been processed.',
    processedHint: 'If you were charged, the business can see the payment in its records.',
    detailsLabel: 'Payment details',
    amount: AMOUNT_WORDS.amount,
    tip: AMOUNT_WORDS.tip,
    total: AMOUNT_WORDS.total,
    transactionId: 'Transaction ID',
    customerName: 'Customer name',
    anonymous: 'Anonymous',
    emailReceipt: 'Email Receipt',
    viewReceipt: 'View or print receipt',
    thankYouLabel: (payee: string) => `A message from ${payee}`,
    // A bank debit (docs/decisions.md #131): Checkout is done, the money is with the bank.
    processingTitle: 'Payment Processing',
    processingHeading: 'Payment Processing',
    processingBody: (payee: string) =>
      `Your bank payment to ${payee} is on its way. Bank debits take up to two business days to clear.`,
    processingHint:
      'There is nothing more to do. The business sees this payment as pending until your bank confirms it.',
  },

  receipt: {
    title: 'Email Receipt',
    // The receipt goes unasked once the payment succeeds; this sends it again (docs/decisions.md #172).
    description:
      "Your receipt is emailed to you as soon as the payment goes through. Didn't get it? Check your spam folder, or we can send it again to the address you paid with:",
    cancel: 'Cancel',
    send: 'Send Receipt',
    sending: 'Sending...',
    failed: 'Failed to send receipt. Please try again.',
    sentTitle: 'Receipt Sent',
    sentBody: (email: string) => `The receipt has been sent to ${email}`,
  },

  canceled: {
    documentTitle: 'Payment Canceled',
    checking: 'Checking your payment...',
    heading: 'Payment Canceled',
    body: 'Your payment was canceled. No charges were made.',
    tryAgain: 'Try Again',
    paidHeading: 'Payment Already Completed',
    paidBody:
      'This payment went through before it could be canceled, so your card has been charged. There is no need to pay again.',
    processingHeading: 'Payment Already Made',
    processingBody:
      'You finished paying by bank debit, so this payment cannot be canceled here. Your bank is processing it, which can take up to two business days. There is no need to pay again.',
    notCanceledHeading: 'Not Canceled Yet',
    notCanceledBody:
      'We could not cancel this payment just now. If you do not finish paying, it is canceled automatically within half an hour, and nothing is charged.',
  },
} as const;
