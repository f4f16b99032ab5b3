/**
 * The words of the payment page /p/{id} that both its server-rendered HTML (functions/pages/) and the
 * React page (web/src/features/payer) show, so the first paint and the interactive page say the same
 * thing (docs/decisions.md #22). No schema library: the payer's bundle and the page function stay small.
 */
import { AMOUNT_WORDS } from './amount-words';
import { BRAND_NAME } from './brand';

export const PAYER_PAGE_WORDS = {
  homeLink: `${BRAND_NAME} home`,
  securedByStripe: 'Secure payment by Stripe',
  /** The result pages' way on: the business's own website, named by its address (docs/decisions.md #207). */
  visitWebsite: (host: string) => `Visit ${host}`,
  documentTitle: 'Pay',
  payTo: (businessName: string) => `Pay ${businessName}`,
  amountLabel: AMOUNT_WORDS.amount,
  enterAmount: (currency: string) => `Enter Amount (${currency.toUpperCase()})`,
  tipLegend: 'Add a tip',
  noTip: AMOUNT_WORDS.noTip,
  /** The tip button: the percentage, and what it adds once the amount is known (`10% · $2.45`). */
  tipOption: (percent: number, tip?: string) => (tip ? `${percent}% · ${tip}` : `${percent}%`),
  /** The summary's lines once a tip is chosen: the amount, then the tip. */
  subtotal: AMOUNT_WORDS.amount,
  tipLine: (percent: number | null) => (percent === null ? AMOUNT_WORDS.tip : `${AMOUNT_WORDS.tip} (${percent}%)`),
  /** The payer's own tip (docs/decisions.md #205): the choice, and its field once chosen. */
  ownTip: 'Other',
  ownTipLabel: (currency: string) => `Your tip (${currency.toUpperCase()})`,
  total: AMOUNT_WORDS.total,
  summaryLabel: 'Payment summary',
  payNow: 'Pay Now',
  /** Pay Now while the Checkout Session is being made. */
  processing: 'Processing...',
  redirectNote: "You'll enter your card details on Stripe's secure checkout page.",
} as const;

/**
 * The id of the `<script type="application/json">` in which the server hands the page the link it drew,
 * so the script shows the same link without asking the API again.
 */
export const PAYER_PAGE_DATA_ID = 'paylink-link';
