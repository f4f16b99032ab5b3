/**
 * Every word on the terms, privacy and Stripe-disclaimer pages, and the frame all legal and support pages share
 * (the support page's own words are in support-strings.ts).
 * Claims stay ones the product keeps (docs/decisions.md #3, #4, #14): Paylink's 0.5% fee apart from
 * Stripe's own NZ pricing, NZD $29/month after the free trial, payouts on the merchant's own Stripe
 * schedule (never 'instant'), and one support address — so names, prices and fees come from shared/brand.ts.
 */
import { BRAND_NAME, SUPPORT_EMAIL, TRIAL_DAYS } from '@shared/brand';
import { businessPlanPrice, productFeeText } from '@web/lib/plan-pricing';

const price = `${businessPlanPrice()}/month`;
const fee = productFeeText();

export const pageTitle = (what: string) => `${what} · ${BRAND_NAME}`;

/** A section of a legal document: a heading, paragraphs, and an optional bullet list after them. */
export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: string[];
  list?: string[];
  /** Paragraphs after the list. */
  after?: string[];
}

export interface LegalDocument {
  title: string;
  /** The 'Last updated …' line; documents without one (the disclaimer) leave it out. */
  lastUpdated?: string;
  intro: string[];
  sections: LegalSection[];
}

const LAST_UPDATED = 'Last updated January 1, 2025';

const terms: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated: LAST_UPDATED,
  intro: [
    `These terms are the agreement between you, the business using ${BRAND_NAME}, and ${BRAND_NAME}. They explain what the service does, what it costs, what we each promise, and what happens if something goes wrong. Please read them before you sign up; by creating an account you accept them.`,
  ],
  sections: [
    {
      id: 'the-service',
      heading: '1. The service',
      paragraphs: [
        `${BRAND_NAME} lets New Zealand businesses take card payments through payment links and QR codes. You create a link, share it or print its QR code, and your customer pays on Stripe's hosted checkout.`,
        `${BRAND_NAME} is software, not a bank or a payment processor. Payments are charged on your own Stripe account, which you connect to ${BRAND_NAME}; Stripe processes the card and pays the money out to your bank account. See our Stripe disclaimer for more.`,
      ],
    },
    {
      id: 'your-account',
      heading: '2. Your account',
      paragraphs: [
        'To use the service you must be at least 18, able to enter a contract, and using it for a business (including as a sole trader). You must give us true details about yourself and your business and keep them up to date.',
        'Keep your password and sign-in emails to yourself. You are responsible for what happens under your account; tell us straight away if you think someone else has used it.',
      ],
    },
    {
      id: 'stripe-account',
      heading: '3. Your Stripe account',
      paragraphs: [
        `To take payments you need a Stripe account in your own name, connected to ${BRAND_NAME}. Stripe's own terms (the Stripe Services Agreement and Stripe Connected Account Agreement) apply between you and Stripe. Stripe decides whether to accept your account, may ask you for identity and business details, and may hold or refuse payments under its terms.`,
        `Refunds, disputes (chargebacks) and payouts are handled on your Stripe account. You are responsible for refunds you owe your customers and for any dispute a cardholder raises.`,
      ],
    },
    {
      id: 'fees',
      heading: '4. Fees',
      paragraphs: ['There are two kinds of fee on each payment, and one subscription:'],
      list: [
        `${BRAND_NAME}'s product fee: ${fee} of each payment, taken automatically as an application fee when the payment is made.`,
        "Stripe's processing fee, at Stripe's standard New Zealand pricing for your Stripe account. Stripe charges it, not us, and Stripe's pricing page sets it.",
        `The Business plan: a ${TRIAL_DAYS}-day free trial, then ${price}, billed monthly in advance by card through Stripe.`,
      ],
      after: [
        'Prices are in New Zealand dollars and include GST where GST applies. We will give you at least 30 days’ notice by email before we change a fee or the plan price; the change applies from your next billing period after that notice.',
      ],
    },
    {
      id: 'trial-and-cancellation',
      heading: '5. Free trial, subscription and cancellation',
      paragraphs: [
        `Your free trial starts when you sign up and lasts ${TRIAL_DAYS} days. If you subscribe, your card is first charged when the trial ends, then every month on the same date.`,
        'You can cancel at any time with Manage subscription on your dashboard. Cancelling stops the next renewal: you keep the Business plan until the end of the period you have paid for, and we do not refund part-months. If the trial ends without a subscription, or a renewal payment fails and is not fixed, your payment links stop accepting payments until you subscribe again; your account and records stay.',
        'To close your account entirely, email support; we will confirm by email when it is closed.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: '6. Acceptable use',
      paragraphs: ['You may use the service only for lawful business payments. You must not use it to:'],
      list: [
        'sell anything illegal in New Zealand, or anything Stripe lists as a prohibited or restricted business without Stripe’s approval;',
        'mislead customers about what they are paying for, what it costs, or who they are paying;',
        'collect money for anyone other than your own business, or move money that is not for goods or services;',
        'probe, overload or break the service, get into accounts that are not yours, or copy the service;',
        'send spam or anything harmful through payment links or receipts.',
      ],
      after: [
        'We may suspend or close an account that breaks these rules or that Stripe has closed, and we will tell you why unless the law stops us.',
      ],
    },
    {
      id: 'consumer-law',
      heading: '7. Business use and New Zealand consumer law',
      paragraphs: [
        'You use the service in trade, for the purposes of a business. To the extent the law allows, you and we agree that the Consumer Guarantees Act 1993 does not apply, and that sections 9, 10, 11, 12, 13 and 14(1) of the Fair Trading Act 1986 do not apply, and that this is fair and reasonable because we are both in trade.',
        'Your own customers keep all their rights under the Consumer Guarantees Act 1993 and the Fair Trading Act 1986 in their dealings with you: you are responsible for the goods and services you sell through a payment link and for the prices and descriptions you give.',
      ],
    },
    {
      id: 'availability',
      heading: '8. Availability and changes',
      paragraphs: [
        'We work to keep the service running and secure, but we do not promise it will always be available or free of errors. Planned maintenance is done outside New Zealand business hours where we can.',
        'We may improve or change features. If a change takes away something you rely on, we will tell you in advance where we reasonably can.',
      ],
    },
    {
      id: 'liability',
      heading: '9. Liability',
      paragraphs: [
        'Nothing in these terms limits a liability that the law does not allow to be limited.',
        `Otherwise, ${BRAND_NAME} is not liable for indirect or consequential loss, loss of profit or revenue, or for anything Stripe, your bank or a card network does or does not do. Our total liability to you for any claim is limited to the ${BRAND_NAME} fees you paid us in the 12 months before the claim arose.`,
        'You are responsible for, and will cover us against, claims arising from what you sell, the refunds and disputes on your payments, and your breach of these terms.',
      ],
    },
    {
      id: 'privacy',
      heading: '10. Privacy',
      paragraphs: [
        'Our Privacy Policy explains what we collect, why, where it is kept, and how you can see or correct it. When your customers pay you, you are also responsible for their personal information under the Privacy Act 2020.',
      ],
    },
    {
      id: 'changes-to-terms',
      heading: '11. Changes to these terms',
      paragraphs: [
        'We may update these terms. We will email you at least 30 days before a change that affects you comes into effect; if you do not agree, you can cancel before then. The date at the top of this page shows when they last changed.',
      ],
    },
    {
      id: 'governing-law',
      heading: '12. Governing law',
      paragraphs: [
        'These terms are governed by the laws of New Zealand, and the courts of New Zealand have jurisdiction over any dispute about them. Before going to court, please contact us so we can try to resolve it together.',
      ],
    },
    {
      id: 'contact',
      heading: '13. Contact',
      paragraphs: [`Questions about these terms: email ${SUPPORT_EMAIL}.`],
    },
  ],
};

const privacy: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: LAST_UPDATED,
  intro: [
    `This policy explains how ${BRAND_NAME} collects, uses, stores and shares personal information, and the rights you have, under New Zealand's Privacy Act 2020 and its 13 information privacy principles. It covers merchants who use ${BRAND_NAME} and the people who pay them through a payment link.`,
  ],
  sections: [
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      paragraphs: [
        'We collect only what we need to run the service (principle 1), and mostly directly from you (principle 2):',
      ],
      list: [
        'Merchant account and profile: your name, email address, password (stored only as a secure hash by our sign-in provider), business name, address, description, website and phone number, your plan and subscription status, and your time zone.',
        'Payment links: the title, description, amount and tip setting of each link you create.',
        "Payment records: for each payment, the amount, tip, status and time, the payer's name and email address as entered on Stripe's checkout, and Stripe's reference for the payment.",
        'Card details from Stripe: the card brand (for example Visa) and the last 4 digits, the payment method type, and Stripe’s fee and receipt link. We never receive or store full card numbers, expiry dates or security codes — those go straight to Stripe.',
        'Technical information: security and error logs (such as IP address and browser) kept to protect the service and fix faults.',
      ],
      after: [
        'From Stripe we also receive whether your Stripe account is connected and able to take payments. We do not use advertising trackers.',
      ],
    },
    {
      id: 'why',
      heading: 'Why we collect it',
      paragraphs: ['We use personal information only for the purposes we collected it for (principle 10):'],
      list: [
        'to create and secure your account and sign you in;',
        'to create payment links and checkouts, and to record and show your payments, statistics and exports;',
        'to email receipts a payer asks for, and the account emails you need (verification, sign-in links, password resets, billing);',
        'to bill the Business plan and take our product fee;',
        'to give you support, prevent fraud and misuse, and meet our legal obligations.',
      ],
      after: ['We do not sell personal information, and we do not use it for marketing without your agreement.'],
    },
    {
      id: 'payers',
      heading: 'If you pay through a payment link',
      paragraphs: [
        `When you pay a business through a ${BRAND_NAME} link, that business is the one you are dealing with, and ${BRAND_NAME} handles your name, email and payment details on its behalf. The business can see your name, email, the amount and the card brand and last 4 digits. Questions about what you bought, or a refund, go to the business first; privacy questions about ${BRAND_NAME} can come to us.`,
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      paragraphs: ['We disclose personal information only as principle 11 allows:'],
      list: [
        'Stripe, which processes every card payment and our subscription billing, under its own privacy policy. Card details are entered on Stripe’s pages, not ours.',
        'Amazon Web Services (AWS), which hosts the service and sends our emails, as our storage and service provider.',
        'The merchant you paid, for the payment records described above.',
        'Anyone the law requires us to, such as a court or an agency with legal authority.',
      ],
    },
    {
      id: 'storage',
      heading: 'Where it is stored and how it is protected',
      paragraphs: [
        "Our data is stored on Amazon Web Services in its Sydney, Australia region. When we use overseas providers we make sure they protect the information in ways comparable to New Zealand's Privacy Act (principle 12). Stripe stores card and payment data in its own systems, which may be outside New Zealand.",
        'We protect information with reasonable safeguards (principle 5): encryption in transit and at rest, sign-in with hashed passwords, access limited to each merchant’s own records, and access by our staff only when needed to support you.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      paragraphs: ['We keep personal information only as long as we need it (principle 9):'],
      list: [
        'Account, profile and payment link details: while your account is open, then deleted within 90 days of closing it.',
        'Payment and billing records: 7 years after the payment, because New Zealand tax law requires business records to be kept that long.',
        'Short-lived sign-in and verification codes: deleted automatically once they expire.',
        'Security and error logs: up to 90 days.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Seeing and correcting your information',
      paragraphs: [
        `You have the right to ask for the personal information we hold about you (principle 6) and to ask us to correct it (principle 7). Merchants can see and change their profile details in Settings. For anything else, email ${SUPPORT_EMAIL}; we will answer within 20 working days, as the Act requires, and we do not charge for it.`,
        'Before we release or change information we will check it is really you. If we decline a correction, you can ask us to attach a statement of the correction you asked for.',
      ],
    },
    {
      id: 'complaints',
      heading: 'Concerns and complaints',
      paragraphs: [
        `If you are worried about how we have handled your information, please tell us first at ${SUPPORT_EMAIL} so we can put it right. If you are not satisfied with our answer, you can complain to the Office of the Privacy Commissioner (privacy.org.nz, 0800 803 909).`,
        'If a privacy breach is likely to cause serious harm, we will notify the Privacy Commissioner and the people affected as soon as practicable, as the Act requires.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      paragraphs: [
        'If we change this policy we will update the date at the top, and email merchants about changes that matter.',
      ],
    },
  ],
};

const stripeDisclaimer: LegalDocument = {
  title: 'Stripe Disclaimer',
  intro: [
    `${BRAND_NAME} is an independent service. We are not Stripe, and Stripe does not endorse, own or operate ${BRAND_NAME}.`,
  ],
  sections: [
    {
      id: 'who-processes',
      heading: 'Stripe processes the payments',
      paragraphs: [
        `Card payments made through a ${BRAND_NAME} link are processed by Stripe, on Stripe's hosted checkout. Your customer types their card details into Stripe's page, not into ${BRAND_NAME}; we never see or store full card numbers.`,
        `Each payment is charged on the merchant's own Stripe account. ${BRAND_NAME} takes its ${fee} product fee from the payment as a Stripe application fee; Stripe charges its own processing fee at its New Zealand pricing.`,
      ],
    },
    {
      id: 'stripe-terms',
      heading: "Stripe's terms apply to your Stripe account",
      paragraphs: [
        "Your Stripe account is an agreement between you and Stripe. Stripe's own terms (the Stripe Services Agreement and Stripe Connected Account Agreement) and Stripe's privacy policy apply to it. Stripe decides whether to approve your account, verifies your identity, and may hold, reverse or refuse payments under those terms.",
      ],
    },
    {
      id: 'payouts',
      heading: 'Payouts, refunds and disputes',
      paragraphs: [
        `Stripe pays money out to your bank account on your Stripe payout schedule; ${BRAND_NAME} does not hold your money and cannot speed payouts up. Bank details, payout timing, refunds and disputes are managed in your Stripe dashboard.`,
      ],
    },
    {
      id: 'trademarks',
      heading: 'Trademarks',
      paragraphs: [
        'Stripe and the Stripe logo are trademarks of Stripe, Inc. Card brand names belong to their owners. We use them only to say which services we work with.',
      ],
    },
  ],
};

export const legalStrings = {
  terms,
  privacy,
  stripeDisclaimer,
  onThisPage: 'On this page',
  related: {
    label: 'Legal and support',
    links: [
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/stripe-disclaimer', label: 'Stripe Disclaimer' },
      { to: '/support', label: 'Support' },
    ],
  },
};
