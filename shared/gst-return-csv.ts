/**
 * The GST return worksheet (docs/decisions.md #124) as a CSV for the merchant's accountant: one
 * row per box of Inland Revenue's GST return (GST101A), in its own words, then the notes on what the
 * figures are made of. The box words live here so the screen and the file say the same. Pure: no I/O.
 */
import type { GstReturnBoxes, GstReturnWorksheet } from './contracts/gst-return';
import { formatMoney } from './money';
import { centsToCsvAmount, quoted, textCell } from './transactions-csv';

/** Each box as the GST101A return words it (Inland Revenue's "Calculating GST" and the return form). */
export const GST_RETURN_BOX_WORDS: Record<keyof GstReturnBoxes, string> = {
  box5: 'Total sales and income for the period (including GST and any zero-rated supplies)',
  box6: 'Zero-rated supplies included in Box 5',
  box7: 'Box 5 less Box 6',
  box8: 'Box 7 multiplied by 3 and divided by 23',
  box9: 'Adjustments from your calculation sheet (debit adjustments)',
  box10: 'Total GST collected on sales and income (Box 8 plus Box 9)',
  box11: 'Total purchases and expenses (including GST) for which taxable supply information is held',
  box12: 'Box 11 multiplied by 3 and divided by 23',
  box13: 'Credit adjustments from your calculation sheet',
  box14: 'Total GST credit for purchases and expenses (Box 12 plus Box 13)',
  box15: 'Difference between Box 10 and Box 14 (GST to pay, or a refund when negative)',
};

export const GST_RETURN_BOX_ORDER = [
  'box5',
  'box6',
  'box7',
  'box8',
  'box9',
  'box10',
  'box11',
  'box12',
  'box13',
  'box14',
  'box15',
] as const satisfies readonly (keyof GstReturnBoxes)[];

export const GST_RETURN_CSV_HEADER = ['Box', 'Description', 'Amount'] as const;

const CRLF = '\r\n';
/** `yyyy-MM-dd` as dd/MM/yyyy, as the screens and the other exports write dates. */
const dayText = (day: string) => day.split('-').reverse().join('/');
const row = (cells: readonly string[]) => cells.map(quoted).join(',') + CRLF;

/**
 * What each box holds, and where the receipts' own GST differs from Box 8: words for both the screen and
 * the file, worked out from the answer only.
 */
export function gstReturnNotes(worksheet: GstReturnWorksheet): string[] {
  const { parts, boxes } = worksheet;
  const money = (cents: number) => formatMoney(cents, worksheet.currency);
  const notes = [
    `Paylink payments only, ${dayText(worksheet.fromDay)} to ${dayText(worksheet.toDay)}: add your other sales and purchases before you file.`,
    `Box 5 is ${parts.receipts} ${parts.receipts === 1 ? 'receipt' : 'receipts'} at their full amount; Box 13 is the GST corrected by ${parts.corrections} ${parts.corrections === 1 ? 'refund' : 'refunds'} (GST Act s25).`,
  ];
  if (parts.roundingDifferenceCents !== 0) {
    const more = parts.roundingDifferenceCents > 0;
    notes.push(
      `Your receipts state GST of ${money(parts.receiptsGstCents)}, each rounded to the cent as section 19O of the GST Act says; 3/23 of Box 7 is ${money(boxes.box8)}, ${money(Math.abs(parts.roundingDifferenceCents))} ${more ? 'less' : 'more'}. The difference is rounding, not a missing receipt.`,
    );
  }
  notes.push(
    worksheet.paylinkGstRegistered
      ? `Box 11 is Paylink's fees (${money(parts.paylinkFeesCents)}, from your monthly fee statements); Box 9 is the GST in the fees Paylink gave back with refunds (${money(parts.paylinkFeesReturnedCents)}). Stripe's card fees carry no GST.`
      : `Paylink is not registered for GST, so its fees carry no GST to claim and Box 11 has none of them. Stripe's card fees carry no GST either.`,
  );
  return notes;
}

export function gstReturnCsv(worksheet: GstReturnWorksheet): string {
  return (
    row(GST_RETURN_CSV_HEADER) +
    GST_RETURN_BOX_ORDER.map((box) =>
      row([box.replace('box', 'Box '), GST_RETURN_BOX_WORDS[box], centsToCsvAmount(worksheet.boxes[box])]),
    ).join('') +
    gstReturnNotes(worksheet)
      .map((note) => row(['Note', textCell(note), '']))
      .join('')
  );
}
