/** Words on the Transactions screen (spec §2; one place, DECISIONS.md row 2). */
export const transactionsStrings = {
  heading: 'Transactions',
  description: 'Every payment made through your payment links.',
  comingSoon: 'Your payment history, with filters and payment details, is coming soon.',
} as const;
