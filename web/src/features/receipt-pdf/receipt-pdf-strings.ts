import { AMOUNT_WORDS } from '@shared/amount-words';

/** Words of the receipt's PDF download (one place, docs/decisions.md #2), as the receipt page words them. */
export const receiptPdfStrings = {
  working: 'Preparing PDF...',
  done: 'Your receipt PDF has downloaded.',
  failed: 'The PDF could not be made. Try again, or use Print or save as PDF.',
  receipt: 'Receipt',
  receiptNumber: 'Receipt number',
  date: 'Date',
  gstNumber: 'GST number',
  item: 'Item',
  amount: AMOUNT_WORDS.amount,
  totalPaid: AMOUNT_WORDS.total,
  customer: 'Customer',
  nameNotGiven: 'Name not given',
  yourDetails: 'Your details',
  refunds: 'Refunds',
  correctionsTo: (receiptNumber: number) => `Corrections to receipt number ${receiptNumber}.`,
  refunded: 'Refunded',
  correction: 'Supply correction',
  documentTitle: (supplier: string, receiptNumber: number | null) =>
    receiptNumber === null ? `Receipt from ${supplier}` : `Receipt ${receiptNumber} from ${supplier}`,
};
