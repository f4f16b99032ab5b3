/**
 * Every word on the landing page. Claims stay ones the product keeps
 * (docs/decisions.md #4): no instant payouts, Paylink's 0.5% fee apart from Stripe's own, the same price
 * everywhere — so prices and fees come from shared/brand.ts rather than being typed here.
 */
import { BRAND_NAME, DEFAULT_CURRENCY, TRIAL_DAYS } from '@shared/brand';
import { formatMoney } from '@web/lib/format-money';
import { businessPlanPrice, productFeeText } from '@web/lib/plan-pricing';

const price = businessPlanPrice();
const productFee = productFeeText();

export const landingStrings = {
  skipToContent: 'Skip to main content',
  nav: {
    label: 'Main',
    howItWorks: 'How It Works',
    pricing: 'Pricing',
    forBusiness: 'For Business',
    login: 'Login',
    getStarted: 'Get Started',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
  },
  hero: {
    eyebrow: `${TRIAL_DAYS}-day free trial, then ${price}/month`,
    heading: 'Get paid with a link or a QR code',
    body: `${BRAND_NAME} lets New Zealand small businesses take card payments without a card terminal. Create a payment link, share it or print its QR code, and your customer pays on Stripe's secure checkout.`,
    startTrial: 'Start Free Trial',
    seeHowItWorks: 'See how it works',
    reassurances: ['No card terminal', 'No lock-in contract', 'Cancel anytime'],
  },
  preview: {
    merchant: 'Harbour Coffee Co.',
    description: 'Two flat whites',
    amount: formatMoney(1100, DEFAULT_CURRENCY),
    pay: 'Pay',
    scanToPay: 'Scan to pay',
  },
  howItWorks: {
    heading: 'How it works',
    intro: 'From sign-up to your first payment in three steps.',
    steps: [
      {
        title: 'Sign up and connect Stripe',
        body: 'Create your account and connect your own Stripe account. Payments are charged on it, so the money is yours from the start.',
      },
      {
        title: 'Create a link or QR code',
        body: 'Set a fixed amount or let your customer enter one, with an optional tip. Share the link or print the QR code.',
      },
      {
        title: 'Get paid',
        body: 'Your customer pays by card on Stripe-hosted checkout, and each payment shows up on your dashboard as it happens.',
      },
    ],
  },
  paymentMethods: {
    heading: 'Accepted payment methods',
    intro: 'Your customers pay the way they already do, on Stripe-hosted checkout.',
    listLabel: 'Accepted payment methods',
    methods: ['Visa', 'Mastercard', 'American Express', 'Apple Pay', 'Google Pay'],
    walletNote: 'Apple Pay and Google Pay appear on devices and browsers that support them.',
  },
  forBusiness: {
    heading: 'Built for New Zealand small businesses',
    intro: 'Cafés, market stalls, tradies and studios: take a payment wherever your customer is.',
    startTrial: 'Start Free Trial',
    features: [
      {
        title: 'Payment links and QR codes',
        body: 'One link per product, invoice or table. Every link comes with a QR code you can download and print.',
      },
      {
        title: 'Your own Stripe account',
        body: 'Payments go to your Stripe account and pay out to your bank on your Stripe payout schedule.',
      },
      {
        title: 'Live sales dashboard',
        body: "See today's payments arrive as they happen, with revenue and tips for the month.",
      },
      {
        title: 'Secure by design',
        body: `Customers enter their card details on Stripe's PCI-compliant checkout, never on your device or ${BRAND_NAME}'s servers.`,
      },
    ],
  },
  pricing: {
    heading: 'Simple pricing',
    intro: 'One plan with everything included. Try it free first.',
    planName: 'Business',
    launchOffer: 'Limited Time Launch Offer',
    trialBadge: `${TRIAL_DAYS}-day free trial`,
    price,
    perMonth: '/month',
    afterTrial: `after your ${TRIAL_DAYS}-day free trial`,
    features: [
      'Payment links and QR codes',
      'Sales analytics dashboard',
      'Transaction history with filters',
      'No setup fees, cancel anytime',
    ],
    feeNote: `A ${productFee} ${BRAND_NAME} fee applies to each payment. Stripe's standard processing fees are charged by Stripe.`,
    startTrial: 'Start Free Trial',
  },
  values: {
    heading: `What ${BRAND_NAME} stands for`,
    intro: 'Three things we keep to while we build it.',
    items: [
      {
        title: 'Independence',
        body: 'Your payments run on your own Stripe account and pay out to your bank. No lock-in contract: cancel anytime.',
      },
      {
        title: 'Creativity',
        body: 'Sell your way: a fixed price or an amount your customer chooses, an optional tip, a link in a message or a QR code on the counter.',
      },
      {
        title: 'Transparency',
        body: `One price, ${price}/month after the free trial, and a ${productFee} ${BRAND_NAME} fee per payment. Stripe's own fees are Stripe's published pricing; nothing hidden.`,
      },
    ],
  },
  closing: {
    heading: 'Ready to take your first payment?',
    body: `Start your ${TRIAL_DAYS}-day free trial and share your first payment link today.`,
    cta: `Create My Free ${BRAND_NAME} Link`,
  },
  footer: {
    label: 'Footer',
    tagline: 'Payment links and QR codes for New Zealand small businesses.',
    support: 'Support',
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    stripeDisclaimer: 'Stripe Disclaimer',
    poweredBy: 'Payments are processed by Stripe.',
    copyright: (year: number) => `© ${year} ${BRAND_NAME}. All rights reserved.`,
  },
} as const;
