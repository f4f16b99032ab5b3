/** Words on the Materials Kit page and on the printed poster and table card (one place, docs/decisions.md #2). */
import { BRAND_NAME } from '@shared/brand';
import { AMOUNT_WORDS } from '@shared/amount-words';

export const printMaterialsStrings = {
  heading: 'QR Codes for Print',
  description:
    'An A4 poster and an A6 table card for a payment link, ready to print and put up where your customers pay.',
  profile: {
    loading: 'Loading your business details...',
    unavailable: 'Unable to load profile',
    retry: 'Try again',
  },
  links: {
    loading: 'Loading your payment links...',
    failedTitle: 'Failed to load payment links',
    retry: 'Try again',
    emptyTitle: 'No payment links created yet',
    emptyMessage: 'Create a payment link first; its poster and table card appear here, ready to print.',
    createLink: 'Create Link',
  },
  picker: {
    heading: 'Choose a payment link',
    label: 'Payment link',
    hint: 'The poster and the table card show this link’s title, amount and QR code.',
    option: (title: string, amount: string, link: { isActive: boolean; expired: boolean }) =>
      `${title} - ${amount}${link.expired ? ' (expired)' : link.isActive ? '' : ' (inactive)'}`,
    openAmount: AMOUNT_WORDS.openAmount,
    inactiveTitle: 'This link is inactive',
    inactiveMessage:
      'Customers who scan its code are told the link is not active. Activate it under Payment Links & QR before you print.',
    expiredTitle: 'This link has expired',
    expiredMessage:
      'Customers who scan its code are told it has expired. Give it a later expiry under Payment Links & QR before you print.',
  },
  preview: {
    posterHeading: 'A4 poster',
    posterSize: '210 × 297 mm, for a wall or a window',
    tableCardHeading: 'A6 table card',
    tableCardSize: '105 × 148 mm, for a counter or a table',
    qrLabel: (url: string) => `QR code that opens ${url}`,
  },
  download: {
    poster: 'Download A4 poster (PDF)',
    posterBusy: 'Preparing poster...',
    tableCard: 'Download A6 table card (PDF)',
    tableCardBusy: 'Preparing table card...',
    posterDoneTitle: 'Poster downloaded',
    tableCardDoneTitle: 'Table card downloaded',
    done: (fileName: string) => `Saved as ${fileName}. Print it at 100% (actual size).`,
    failedTitle: 'Error',
    failed: (message: string) => `Could not create the PDF: ${message}`,
  },
  /** Printed on the poster and the table card themselves. */
  material: {
    payAnyAmount: AMOUNT_WORDS.openAmount,
    scanToPay: 'Scan to pay',
    scanHint: 'Point your phone’s camera at the code',
    cantScan: 'Can’t scan? Visit',
    weAccept: 'We accept',
    cardBrands: ['Visa', 'Mastercard', 'American Express', 'Apple Pay', 'Google Pay'],
    poweredBy: `Payments by ${BRAND_NAME}`,
    documentTitle: (kind: 'poster' | 'table-card', title: string) =>
      `${title} — ${kind === 'poster' ? 'poster' : 'table card'}`,
  },
} as const;
