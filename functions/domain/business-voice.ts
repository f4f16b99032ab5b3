/**
 * The business's own voice in the emails its payers get (docs/decisions.md #173): Paylink's sending address
 * with the business's name as the display name, its contact email as Reply-To, and its phone and email in
 * the footer. Both header values come from what a merchant typed, so each is cut down to what cannot add a
 * header field or another recipient. The email and phone are those the merchant gave in Settings → Contact for
 * your customers (#243), else the account's email and the sign-up phone.
 */
import type { MerchantRecord } from './merchants';
import { phoneForReading } from '@shared/phone-number';
import { endOfSentence } from '@shared/sentence-end';

/** Who an email speaks for: the From display name and the Reply-To, both already safe for a header. */
export interface EmailSender {
  displayName: string;
  replyTo: string | null;
}

/** How a payer reaches the business, as the footer shows it. */
export interface BusinessContact {
  name: string;
  phone: string | null;
  email: string | null;
}

/** A display name longer than this is cut: mail apps show about this much, and headers stay short. */
export const DISPLAY_NAME_MAX = 64;

/**
 * Control characters (CR and LF above all: a header injection), the format and invisible characters
 * (bidi overrides, zero-width, soft hyphen, tag characters) and the characters that end or quote a
 * display name (`"`, `\`, `<`, `>`), each become a space; spaces then collapse.
 */
const UNSAFE_IN_DISPLAY_NAME =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this must find
  /[\u0000-\u001f\u007f-\u009f"\\<>\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]|\udb40[\udc00-\udc7f]/g;

export function safeDisplayName(name: string | null | undefined): string | null {
  const cleaned = (name ?? '').replace(UNSAFE_IN_DISPLAY_NAME, ' ').replace(/\s+/g, ' ').trim();
  if (!cleaned) return null;
  return [...cleaned].slice(0, DISPLAY_NAME_MAX).join('').trim();
}

/**
 * One plain address (`local@domain.tld`, ASCII, no spaces, commas, quotes or angle brackets), or null: a
 * Reply-To that could name a second address or break the header is left out rather than repaired.
 */
const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

export function safeReplyTo(address: string | null | undefined): string | null {
  const trimmed = (address ?? '').trim();
  return trimmed.length <= 254 && PLAIN_ADDRESS.test(trimmed) ? trimmed : null;
}

/** The business's name as payers know it: the trading name, else the owner's name. */
export function businessNameOf(merchant: Pick<MerchantRecord, 'companyName' | 'fullName'> | undefined): string {
  return merchant?.companyName?.trim() || merchant?.fullName?.trim() || 'Your payee';
}

export function senderOf(merchant: MerchantRecord | undefined): EmailSender | undefined {
  if (!merchant) return undefined;
  const displayName = safeDisplayName(businessNameOf(merchant));
  return displayName ? { displayName, replyTo: safeReplyTo(merchant.contactEmail ?? merchant.email) } : undefined;
}

/**
 * The business's phone from its sign-up (a country code and the number as typed) as every phone Paylink
 * shows reads: `021 555 0199` for a New Zealand number, whether typed with its trunk 0 or without.
 */
export function displayPhone(countryCode: string | undefined, phone: string | undefined): string | null {
  const typed = (phone ?? '')
    .replace(/[^0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/[0-9]/.test(typed)) return null;
  const code = /^\+[0-9]{1,4}$/.test(countryCode ?? '') ? countryCode! : null;
  if (!code) return typed;
  // As every phone Paylink shows reads (shared/phone-number.ts): 021 555 0199 for a New Zealand number.
  return phoneForReading(`${code}${typed.replace(/\D/g, '').replace(/^0/, '')}`);
}

/** A contact phone as typed in Settings: with its own `+` country code, or in the sign-up's country. */
function contactPhoneForReading(typed: string, countryCode: string | undefined): string | null {
  return typed.trim().startsWith('+')
    ? phoneForReading(`+${typed.replace(/\D/g, '')}`)
    : displayPhone(countryCode ?? '+64', typed);
}

export function contactOf(merchant: MerchantRecord | undefined): BusinessContact | null {
  if (!merchant) return null;
  // The contact the merchant gave for customers (#243), else the account's email and the sign-up phone.
  return {
    name: safeDisplayName(businessNameOf(merchant)) ?? businessNameOf(merchant),
    phone: merchant.contactPhone
      ? contactPhoneForReading(merchant.contactPhone, merchant.countryCode)
      : displayPhone(merchant.countryCode, merchant.phone),
    email: safeReplyTo(merchant.contactEmail ?? merchant.email),
  };
}

/** The footer's line: how to reach the business, then Paylink for Paylink's own part. */
export function contactLine(contact: BusinessContact): string {
  const ways = [contact.phone, contact.email].filter(Boolean).join(' · ');
  return ways ? `Questions? Contact ${contact.name}: ${ways}.` : `Questions? Contact ${endOfSentence(contact.name)}`;
}
