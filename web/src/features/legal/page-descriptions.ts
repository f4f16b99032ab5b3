/** Each legal and support page's `<meta name="description">`, by its path (what a search result shows under it). */
import { BRAND_NAME } from '@shared/brand';

export const legalPageDescriptions: Record<string, string> = {
  '/terms': `The terms of service for ${BRAND_NAME}: fees, the free trial and subscription, acceptable use and liability, under New Zealand law.`,
  '/privacy': `How ${BRAND_NAME} collects, uses, keeps and protects personal information under New Zealand's Privacy Act 2020.`,
  '/support': `Get help with ${BRAND_NAME}: contact support by email, live chat or phone, and answers to common questions from businesses and payers.`,
  '/stripe-disclaimer': `How ${BRAND_NAME} works with Stripe, which processes every payment, and what that means for your business.`,
};
