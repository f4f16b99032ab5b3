/**
 * The words for amounts, one per idea, wherever a person reads one: the dashboard, Transactions, the
 * payment page and its success page, emails, receipts, the CSV and the print materials
 * (docs/decisions.md #100). A screen that shows a single figure says which one it is (`totalWithTip`).
 * No schema library and no formatting here: the payer's bundle and the page functions stay small.
 */
export const AMOUNT_WORDS = {
  /** The price of the item, before any tip (a link's fixed amount, or what the payer typed). */
  amount: 'Amount',
  /** A link without a fixed amount: the payer types it. */
  openAmount: 'Open amount',
  /** What the payer adds on top of the amount. */
  tip: 'Tip',
  /** The payer's choice of no tip. */
  noTip: 'No Tip',
  /** Amount plus tip: what the payer paid. */
  total: 'Total',
  /** Totals received less refunds, over a period (the dashboard's cards and chart). */
  revenue: 'Revenue',
  /** A label and its figure in running text: `Amount: $5.50`. */
  labelled: (label: string, figure: string) => `${label}: ${figure}`,
  /** A link's tip setting: `Tip: 10%`, or its presets `Tip: 10 / 15 / 20%`. */
  tipPercent: (percent: number | string) => `Tip: ${percent}%`,
  /** A single figure that is a total: `$6.05 total`. */
  totalFigure: (total: string) => `${total} total`,
  /** What a total includes as tip: `(incl. $0.55 tip)`. */
  includesTip: (tip: string) => `(incl. ${tip} tip)`,
  /** A total on its own, with its tip when there was one: `$6.05 total (incl. $0.55 tip)`. */
  totalWithTip: (total: string, tip: string | null) => (tip ? `${total} total (incl. ${tip} tip)` : `${total} total`),
} as const;
