/** Words of Paylink's fee statement and the GST return worksheet on the Payouts screen (one place, docs/decisions.md #2). */
import { PAYLINK_NOT_REGISTERED_WORDS } from '@shared/fee-statement-csv';

const count = new Intl.NumberFormat('en-NZ');

export const booksStrings = {
  fees: {
    title: 'Paylink’s fees',
    description:
      'A monthly statement of the 0.5% Paylink takes from each payment, less what it gives back with refunds. Keep it with your records.',
    month: 'Month',
    loading: 'Adding up the month’s fees...',
    loadFailedTitle: 'The fee statement could not be made',
    empty: (month: string) => `No Paylink fees in ${month}.`,
    toDate: (day: string) => `This month is still running: the statement is to ${day}.`,
    gstNumber: (number: string) => `Paylink’s GST number ${number}. This statement is a tax invoice.`,
    notRegistered: PAYLINK_NOT_REGISTERED_WORDS,
    figures: {
      charged: (n: number) => `Fees on ${count.format(n)} ${n === 1 ? 'payment' : 'payments'}`,
      returned: (n: number) => `Given back with ${count.format(n)} ${n === 1 ? 'refund' : 'refunds'}`,
      net: 'Net fees',
      gst: 'GST included in net fees',
    },
    downloadPdf: 'Download fee statement PDF',
    downloadCsv: 'Download fee statement CSV',
    working: 'Preparing PDF...',
    downloaded: 'Fee statement downloaded',
    pdfFailed: 'The PDF could not be made. Try again, or download the CSV.',
  },
  worksheet: {
    title: 'GST return worksheet',
    description:
      'This period’s Paylink figures in the boxes of Inland Revenue’s GST return (GST101A), to copy into myIR with your other sales and purchases.',
    loading: 'Filling in the boxes...',
    loadFailedTitle: 'The GST return worksheet could not be made',
    box: (box: string) => `Box ${box.replace('box', '')}`,
    notesTitle: 'What the boxes hold',
    download: 'Download GST return CSV',
    downloaded: 'GST return worksheet downloaded',
  },
  pdf: {
    period: 'Period',
    issued: 'Date issued',
    gstNumber: 'GST number',
    to: 'To',
    description: 'Paylink fee: 0.5% of each payment received through Paylink, less the fee given back with refunds.',
    columns: { what: 'Description', fee: 'Fee' },
    fee: 'Fee',
    returned: 'Fee returned',
    receipt: (number: number) => `receipt ${number}`,
    includesGst: (gst: string) => `The net fees include GST ${gst}.`,
    none: 'No Paylink fees in this period.',
    footer:
      'Paylink takes its fee from each payment through Stripe; the fee returned with a refund is given back the same way. Your payouts’ lines show each one.',
  },
};
