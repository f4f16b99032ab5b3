/**
 * Every word on the sign-up page. Prices and fees come
 * from shared/brand.ts, so this page says what the landing page says (docs/decisions.md #4).
 */
import { BRAND_NAME, TRIAL_DAYS } from '@shared/brand';
import type { COUNTRY_CODES } from '@shared/contracts/signup';
import { businessPlanPrice, productFeeText } from '@web/lib/plan-pricing';

const price = businessPlanPrice();
const productFee = productFeeText();

export const signupStrings = {
  heading: 'Start your free trial',
  intro: `Create your ${BRAND_NAME} Business account. First month free, then ${price}/month.`,
  haveAccount: 'Already have an account?',
  signInHere: 'Sign in here',
  sections: {
    account: 'Account Information',
    business: 'Business Information',
    security: 'Security Verification',
  },
  fields: {
    fullName: 'Full name',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    countryCode: 'Country code',
    phone: 'Phone number',
    phonePlaceholder: 'e.g. 21 555 0199',
    businessName: 'Business name',
    businessAddress: 'Business address (optional)',
    websiteUrl: 'Website (optional)',
    websiteUrlPlaceholder: 'e.g. harbourcoffee.co.nz',
    businessDescription: 'Business description (optional)',
    businessDescriptionPlaceholder: 'e.g. Coffee and pastries from a cart on the waterfront',
  },
  /** How each country code reads in the picker. */
  countryNames: {
    '+64': 'NZ +64',
    '+61': 'AU +61',
    '+1': 'US/CA +1',
    '+44': 'UK +44',
    '+49': 'DE +49',
    '+33': 'FR +33',
  } satisfies Record<(typeof COUNTRY_CODES)[number], string>,
  botCheck: {
    intro: 'A quick check that you are a person. It runs in your browser and collects no personal data.',
    loading: 'Loading security check...',
  },
  submit: 'Start Free Trial',
  submitting: 'Creating Account...',
  legal: {
    before: 'By starting your free trial you agree to our ',
    terms: 'Terms of Service',
    and: ' and ',
    privacy: 'Privacy Policy',
    after: '.',
  },
  plan: {
    badge: 'Limited Time Launch Offer',
    name: 'Business plan',
    firstMonth: 'First month free',
    then: `then ${price}/month`,
    features: [
      'Cancel anytime',
      'No setup fees',
      'Payment links and QR codes included',
      'Sales analytics dashboard',
      `${productFee} ${BRAND_NAME} fee per payment (Stripe's processing fees are separate)`,
    ],
    trialNote: `Your ${TRIAL_DAYS}-day trial starts when you sign up. No card needed to start.`,
  },
  toasts: {
    createdTitle: 'Account created successfully!',
    createdBody: (email: string) =>
      `Please check your email (${email}) to verify your account and start your free trial.`,
    accountExistsTitle: 'Account already exists',
    accountExistsBody: 'An account with this email already exists.',
    signInInstead: 'Sign in instead',
    resetPassword: 'Reset password',
    resetSentTitle: 'Password reset sent',
    resetSentBody: 'Check your email for password reset instructions.',
    errorTitle: 'Error creating account',
    genericErrorTitle: 'Error',
  },
} as const;
