/** Words on the Materials Kit's setup guide and payment templates (one place, docs/decisions.md #2). */
import { BRAND_NAME, SUPPORT_EMAIL } from '@shared/brand';
import { AMOUNT_WORDS } from '@shared/amount-words';
import { DEFAULT_TIP_PRESETS } from '@shared/tips';

/** "10, 15 and 20": the presets a new link's tips start from (docs/decisions.md #205). */
const defaultPresets = new Intl.ListFormat('en-NZ', { type: 'conjunction' }).format(DEFAULT_TIP_PRESETS.map(String));

export const materialsKitStrings = {
  backToDashboard: 'Back to Dashboard',
  setupGuide: {
    heading: 'Business Setup Guide',
    description: `Seven steps from sign-up to your first payment with ${BRAND_NAME}. Print it and keep it by the till.`,
    print: 'Print Guide',
    stepsLabel: 'Setup steps',
    steps: [
      {
        title: 'Connect Stripe',
        body: `In Settings, choose Connect Stripe Account and finish Stripe's short setup. Payments go straight into your own Stripe account, and Stripe pays them out to your bank.`,
        link: { to: '/dashboard/settings', label: 'Open Settings' },
      },
      {
        title: 'Tell Paylink about GST',
        body: 'In Settings → Tax, say whether you are registered for GST. If you are, add your GST number and the name and address your receipts show: every receipt then carries the GST it includes, and over $200 it is a tax invoice your customer can claim from.',
        link: { to: '/dashboard/settings', label: 'Open Settings' },
      },
      {
        title: 'Create a payment link',
        body: `In Payment Links & QR, give the link a title, a fixed amount or let customers enter their own, and if you like tips: up to three percentages (${defaultPresets}% to start) and the customer's own amount.`,
        link: { to: '/dashboard/create-link', label: 'Create a payment link' },
      },
      {
        title: 'Print the QR code',
        body: 'In the Materials Kit, QR Codes for Print makes an A4 poster for your wall or window and an A6 card for tables and the counter.',
        link: { to: '/dashboard/print-materials', label: 'Open QR Codes for Print' },
      },
      {
        title: 'Take a payment',
        body: "Your customer scans the code (or opens the link you shared), picks a tip or types their own and pays by card on Stripe's secure checkout. Their receipt comes by email in your business's name, and your dashboard shows 'Payment received' the moment it lands.",
        link: null,
      },
      {
        title: 'Check Transactions and refund',
        body: 'Transactions lists every payment with its amount, tip, status and payer, and emails your customer their receipt again if they ask. To refund, open the payment and choose Refund (all of it or part): the money goes back to the customer’s card, and the receipt is corrected.',
        link: { to: '/dashboard/transactions', label: 'Open Transactions' },
      },
      {
        title: 'Payouts into Xero',
        body: 'Payouts shows each deposit Stripe makes into your bank and the payments, fees and refunds it is made of. Download it as a precoded Xero CSV, import it into a "Stripe clearing account" in Xero and match the deposit as a transfer: the steps are on the Payouts page.',
        link: { to: '/dashboard/payouts', label: 'Open Payouts' },
      },
    ],
    help: `Questions? Email ${SUPPORT_EMAIL}.`,
  },
  templates: {
    heading: 'Payment Templates',
    description:
      'Ready-made payment links for common sales. Create one in a click; you can print or share it straight away.',
    listLabel: 'Templates',
    openAmount: AMOUNT_WORDS.openAmount,
    tip: (percent: number) => `${percent}% tip option`,
    noTip: AMOUNT_WORDS.noTip,
    create: (title: string) => `Create link: ${title}`,
    createLabel: 'Create link',
    creating: 'Creating...',
    created: 'Link created',
    createdToast: 'Payment link created',
    createdToastDetail: (title: string) => `'${title}' is ready to share.`,
    viewLink: 'View link',
    viewInLinks: 'View in Payment Links',
    failedTitle: 'Error',
    failed: 'Failed to create payment link',
  },
} as const;
