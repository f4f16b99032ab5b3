/**
 * Ready-made payment links (the Materials Kit's Payment Templates): each is the body of
 * POST /api/me/links, validated by the same schema as the Create Link form.
 */
import type { CreatePaymentLinkInput } from '@shared/contracts/payment-links';

export interface PaymentTemplate {
  key: string;
  link: CreatePaymentLinkInput & { title: string };
}

export const PAYMENT_TEMPLATES: readonly PaymentTemplate[] = [
  {
    key: 'coffee',
    link: { title: 'Coffee', description: 'A regular coffee.', isOpenAmount: false, amountCents: 550, tipPercent: 10 },
  },
  {
    key: 'lunch',
    link: {
      title: 'Lunch special',
      description: "Today's lunch special.",
      isOpenAmount: false,
      amountCents: 1800,
      tipPercent: 10,
    },
  },
  {
    key: 'table-service',
    link: {
      title: 'Table service',
      description: 'Pay for your table; add a tip for the team if you like.',
      isOpenAmount: true,
      amountCents: null,
      tipPercent: 15,
    },
  },
  {
    key: 'deposit',
    link: {
      title: 'Deposit',
      description: 'A deposit towards your booking or order.',
      isOpenAmount: true,
      amountCents: null,
      tipPercent: null,
    },
  },
  {
    key: 'invoice',
    link: {
      title: 'Invoice payment',
      description: 'Pay an invoice: enter the amount shown on it.',
      isOpenAmount: true,
      amountCents: null,
      tipPercent: null,
    },
  },
];
