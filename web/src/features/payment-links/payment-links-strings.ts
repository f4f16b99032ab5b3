/** Words on the Payment Links & QR Codes screen (spec §2; one place, DECISIONS.md row 2). */
export const paymentLinksStrings = {
  heading: 'Payment Links & QR Codes',
  description: 'Create links your customers pay by card, and QR codes to print.',
  checkingPlan: 'Checking your plan...',
  comingSoon: 'Creating and sharing payment links and QR codes is coming soon.',
} as const;
