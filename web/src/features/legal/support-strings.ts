/**
 * Every word on the support page: how to reach us and the FAQ. Its answers keep to the same claims as the
 * legal pages (docs/decisions.md #3, #4, #14), so names, prices and fees come from shared/brand.ts.
 */
import { BRAND_NAME, SUPPORT_EMAIL, TRIAL_DAYS } from '@shared/brand';
import { businessPlanPrice, productFeeText } from '@web/lib/plan-pricing';

const price = `${businessPlanPrice()}/month`;
const fee = productFeeText();

export const supportStrings = {
  title: 'Support',
  heading: 'How can we help?',
  intro: `Questions about ${BRAND_NAME}, a payment or your account? Reach us below, or find a quick answer in the FAQ. We answer on New Zealand business days.`,
  contactHeading: 'Contact us',
  email: {
    heading: 'Email',
    body: 'The best way to reach us about anything. We reply within one business day.',
    action: SUPPORT_EMAIL,
    mail: { subject: `${BRAND_NAME} support`, body: '' },
  },
  chat: {
    heading: 'Live chat',
    body: "We don't have a chat window yet. Starting a chat opens an email to our support team instead, and we reply as quickly as we can.",
    action: 'Start a chat by email',
    mail: { subject: `${BRAND_NAME} chat request`, body: 'Hi, I have a question:\n\n' },
  },
  phone: {
    heading: 'Phone',
    body: "We don't have a phone line yet. Email us your number and a good time, and we'll call you back on a New Zealand business day.",
    action: 'Request a call back',
    mail: {
      subject: `${BRAND_NAME} call-back request`,
      body: 'Please call me back.\n\nPhone number:\nBest time to call:\nWhat it is about:\n',
    },
  },
  faqHeading: 'Frequently asked questions',
  faqGroups: [
    {
      heading: 'For businesses',
      items: [
        {
          question: `What does ${BRAND_NAME} cost?`,
          answer: [
            `A ${TRIAL_DAYS}-day free trial, then ${price} for the Business plan. On each payment, ${BRAND_NAME} takes a ${fee} product fee, and Stripe charges its own processing fee at its standard New Zealand pricing. There are no setup fees and no lock-in contract; cancel anytime.`,
          ],
        },
        {
          question: 'When do I get paid?',
          answer: [
            `Stripe pays the money out to your bank account on your Stripe account's payout schedule. ${BRAND_NAME} never holds your money. You can see and change the schedule in your Stripe dashboard.`,
          ],
        },
        {
          question: 'How do I refund a payment?',
          answer: [
            "For now, refund it from your Stripe dashboard: find the payment under Payments and choose Refund. You can refund all or part of it, and Stripe tells the payer's card issuer. Refunds usually reach the payer's card in 5–10 business days.",
          ],
        },
        {
          question: 'A payment shows as pending. What does that mean?',
          answer: [
            `Pending means Stripe hasn't confirmed the payment to us yet — often the payer is still on the checkout page or left it. ${BRAND_NAME} re-checks pending payments with Stripe automatically every 5 minutes, and you can ask straight away with Verify & Refresh on your dashboard. A checkout that is never paid expires after 24 hours and then shows as Denied.`,
          ],
        },
        {
          question: 'How do I change my bank details?',
          answer: [
            `Your bank account is part of your Stripe account, so change it in your Stripe dashboard (Settings, then Bank accounts). ${BRAND_NAME} never sees or stores your bank details.`,
          ],
        },
        {
          question: 'How do I cancel my subscription?',
          answer: [
            'On your dashboard, choose Manage subscription, which opens Stripe’s billing portal. Cancelling stops the next renewal; you keep the Business plan until the end of the period you have paid for.',
          ],
        },
      ],
    },
    {
      heading: 'For payers',
      items: [
        {
          question: 'How do I get a receipt?',
          answer: [
            "The business's receipt is emailed to the address you entered at checkout as soon as the payment goes through, from the business's name: reply to it to reach the business. If it did not arrive, the payment success page's Email Receipt button sends it again to that same address, and the View or print receipt button opens it.",
          ],
        },
        {
          question: 'Is it safe to pay with a payment link?',
          answer: [
            `Yes. You pay on Stripe's secure hosted checkout. Your card number goes to Stripe only; ${BRAND_NAME} and the business see just the card brand and last 4 digits.`,
          ],
        },
        {
          question: 'I need a refund or have a question about what I bought.',
          answer: [
            `Please contact the business you paid: they issue refunds from their Stripe account. If you can't reach them, email us at ${SUPPORT_EMAIL} with the date and amount and we'll help.`,
          ],
        },
      ],
    },
  ],
};
