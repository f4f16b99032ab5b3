import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, TRIAL_DAYS } from '@shared/brand';
import type { MerchantProfile } from '@shared/contracts/merchant';
import type { SignupData } from '@shared/contracts/signup';
import type { StripeAccountStatus } from '@shared/contracts/stripe-connection';
import type { TaxSettings } from '@shared/contracts/tax';
import { DEFAULT_SHOW_SMALL_RECEIPT_GST, UNSAVED_TAX_SETTINGS } from '@shared/tax-defaults';
import { HttpError } from './http-error';

/** The merchant's Paylink subscription, as Stripe last told us (platform account). */
export interface MerchantSubscription {
  id: string;
  /** Stripe's subscription status: trialing, active, past_due, canceled, unpaid, incomplete… */
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

/** A merchant as stored: the profile plus what only the server needs. */
export interface MerchantRecord extends Omit<
  MerchantProfile,
  'paymentReceivedEmail' | 'payerReceiptEmail' | 'taxSettingsSaved' | 'contactEmail' | 'contactPhone'
> {
  /** The merchant's own Stripe account (Connect), created once. */
  stripeAccountId?: string;
  stripeAccountStatus?: StripeAccountStatus;
  /** Epoch seconds of the Stripe event or read that set stripeAccountStatus: older news never overwrites newer. */
  stripeAccountStatusAt?: number;
  /** Paylink's billing portal configuration on `stripeAccountId`, for its payers (docs/decisions.md #253). */
  payerPortalConfigurationId?: string;
  /** The merchant as a customer of Paylink (platform account), for the subscription. */
  stripeCustomerId?: string;
  subscription?: MerchantSubscription;
  /** Epoch seconds of the Stripe event that set `subscription`. */
  subscriptionAt?: number;
  phone?: string;
  countryCode?: string;
  businessAddress?: string;
  websiteUrl?: string;
  businessDescription?: string;
  /** Settings → Tax; absent until the merchant saves it (then not registered for GST). */
  tax?: StoredTaxSettings;
  /** The last receipt number given out (receipts.ts: one atomic counter per merchant). */
  lastReceiptNumber?: number;
  /**
   * Settings → Email notifications: email the merchant each payment received. Absent means on, so merchants who
   * signed up before the setting existed get the emails too (docs/decisions.md #93).
   */
  paymentReceivedEmail?: boolean;
  /** Settings → Email notifications: each payer's receipt emailed unasked; absent means on (#172). */
  payerReceiptEmail?: boolean;
  /** Settings → Contact for your customers; absent or null: the account's email and sign-up phone (#243). */
  contactEmail?: string | null;
  contactPhone?: string | null;
  updatedAt: string;
}

export interface MerchantRepository {
  get(merchantId: string): Promise<MerchantRecord | undefined>;
  findByEmail(email: string): Promise<MerchantRecord | undefined>;
  /** Creates the row; refuses to overwrite an existing merchant. */
  create(merchant: MerchantRecord): Promise<void>;
  updateProfile(
    merchantId: string,
    changes: { fullName: string; companyName: string | null },
    now: Date,
  ): Promise<MerchantRecord | undefined>;
  findByStripeAccount(accountId: string): Promise<MerchantRecord | undefined>;
  findByStripeCustomer(customerId: string): Promise<MerchantRecord | undefined>;
  /** Records the merchant's Stripe account unless one is recorded already; returns the one that stands. */
  attachStripeAccount(merchantId: string, accountId: string): Promise<string>;
  /** Records the Stripe customer unless one is recorded already; returns the one that stands. */
  attachStripeCustomer(merchantId: string, customerId: string): Promise<string>;
  /** Records Paylink's portal configuration unless one is recorded already; returns the one that stands. */
  attachPayerPortalConfiguration(merchantId: string, configurationId: string): Promise<string>;
  /** Sets the connection status unless a later read (`at`, epoch milliseconds of the read) is already stored. */
  recordStripeAccountStatus(merchantId: string, status: StripeAccountStatus, at: number): Promise<boolean>;
  /** Sets the plan's subscription unless a later read (`at`, epoch milliseconds of the read) is already stored. */
  recordSubscription(merchantId: string, subscription: MerchantSubscription, at: number): Promise<boolean>;
  /**
   * Takes the merchant's next receipt number (one atomic add), answering it with the merchant's row as that
   * add left it — the tax settings the receipt is issued under (docs/decisions.md #97); undefined when there
   * is no such merchant.
   */
  takeReceiptNumber(merchantId: string): Promise<{ receiptNumber: number; merchant: MerchantRecord } | undefined>;
  /** Saves Settings → Email notifications; undefined when there is no such merchant. */
  saveNotifications(merchantId: string, settings: NotificationSettings, now: Date): Promise<MerchantRecord | undefined>;
  /** Saves Settings → Contact for your customers; undefined when there is no such merchant. */
  saveContact(merchantId: string, contact: CustomerContact, now: Date): Promise<MerchantRecord | undefined>;
  /** Replaces Settings → Tax; undefined when there is no such merchant. */
  saveTax(merchantId: string, tax: TaxSettings, now: Date): Promise<MerchantRecord | undefined>;
}

/** Stripe statuses in which the merchant has paid or is within Stripe's retry window. */
export const PAYING_STATUSES = new Set(['active', 'trialing', 'past_due']);

export function isSubscribed(subscription: MerchantSubscription | undefined): boolean {
  return Boolean(subscription && PAYING_STATUSES.has(subscription.status));
}

export function toProfile(merchant: MerchantRecord): MerchantProfile {
  return {
    merchantId: merchant.merchantId,
    email: merchant.email,
    fullName: merchant.fullName,
    companyName: merchant.companyName ?? null,
    // Derived, not stored: the plan is whatever Stripe last said about the subscription.
    plan: isSubscribed(merchant.subscription) ? 'business' : 'business-trial',
    currency: merchant.currency,
    timeZone: merchant.timeZone,
    trialEndsAt: merchant.trialEndsAt,
    createdAt: merchant.createdAt,
    paymentReceivedEmail: wantsPaymentEmails(merchant),
    payerReceiptEmail: wantsPayerReceipts(merchant),
    taxSettingsSaved: merchant.tax !== undefined && merchant.tax !== null,
    contactEmail: merchant.contactEmail ?? null,
    contactPhone: merchant.contactPhone ?? null,
  };
}

/** Settings → Contact for your customers as saved: null is the account's own email or phone (#243). */
export interface CustomerContact {
  contactEmail: string | null;
  contactPhone: string | null;
}

/** Settings → Email notifications as saved: either or both of its two choices. */
export interface NotificationSettings {
  paymentReceivedEmail?: boolean;
  payerReceiptEmail?: boolean;
}

/** Whether each payer is emailed their receipt unasked: on unless the merchant turned it off (#172). */
export function wantsPayerReceipts(merchant: Pick<MerchantRecord, 'payerReceiptEmail'>): boolean {
  return merchant.payerReceiptEmail !== false;
}

/** Whether the merchant gets an email per payment received: on unless they turned it off (docs/decisions.md #93). */
export function wantsPaymentEmails(merchant: Pick<MerchantRecord, 'paymentReceivedEmail'>): boolean {
  return merchant.paymentReceivedEmail !== false;
}

const PROFILE_NOT_FOUND = () => new HttpError(404, 'profile_not_found', 'User profile not found');

/** The merchant behind a verified token; a token with no merchant row is a 404 ('User profile not found'). */
export async function requireMerchant(repo: MerchantRepository, merchantId: string): Promise<MerchantRecord> {
  const merchant = await repo.get(merchantId);
  if (!merchant) throw PROFILE_NOT_FOUND();
  return merchant;
}

/** The profile of the merchant behind a verified token; a token with no merchant row is a 404. */
export async function getMerchantProfile(repo: MerchantRepository, merchantId: string): Promise<MerchantProfile> {
  return toProfile(await requireMerchant(repo, merchantId));
}

export async function updateMerchantProfile(
  repo: MerchantRepository,
  merchantId: string,
  changes: { fullName: string; companyName: string | null },
  now: Date,
): Promise<MerchantProfile> {
  const updated = await repo.updateProfile(merchantId, changes, now);
  if (!updated) throw PROFILE_NOT_FOUND();
  return toProfile(updated);
}

/** Settings → Email notifications; a token with no merchant row is a 404. */
export async function updateMerchantNotifications(
  repo: MerchantRepository,
  merchantId: string,
  settings: NotificationSettings,
  now: Date,
): Promise<MerchantProfile> {
  const updated = await repo.saveNotifications(merchantId, settings, now);
  if (!updated) throw PROFILE_NOT_FOUND();
  return toProfile(updated);
}

/** Settings → Contact for your customers; a token with no merchant row is a 404. */
export async function updateMerchantContact(
  repo: MerchantRepository,
  merchantId: string,
  contact: CustomerContact,
  now: Date,
): Promise<MerchantProfile> {
  const updated = await repo.saveContact(merchantId, contact, now);
  if (!updated) throw PROFILE_NOT_FOUND();
  return toProfile(updated);
}

/** A new merchant on the Business trial: 30 days from sign-up, in NZD, on Auckland time. */
export function newMerchant(merchantId: string, signup: SignupData, now: Date): MerchantRecord {
  const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  return {
    merchantId,
    email: signup.email,
    fullName: signup.fullName,
    companyName: signup.businessName,
    plan: 'business-trial',
    currency: DEFAULT_CURRENCY,
    timeZone: DEFAULT_TIME_ZONE,
    trialEndsAt: trialEndsAt.toISOString(),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    phone: signup.phone,
    countryCode: signup.countryCode,
    businessAddress: signup.businessAddress,
    websiteUrl: signup.websiteUrl,
    businessDescription: signup.businessDescription,
    paymentReceivedEmail: true,
    payerReceiptEmail: true,
  };
}

/**
 * Settings → Tax as a merchant's row holds it: a row saved before the small-receipt GST setting existed has
 * none, and reads as on (docs/decisions.md #176).
 */
export type StoredTaxSettings = Omit<TaxSettings, 'showSmallReceiptGst'> & { showSmallReceiptGst?: boolean };

/** A saved row's settings with what it leaves out read as the defaults. */
function storedTaxSettingsRead(tax: StoredTaxSettings): TaxSettings {
  return { ...tax, showSmallReceiptGst: tax.showSmallReceiptGst ?? DEFAULT_SHOW_SMALL_RECEIPT_GST };
}

/** Settings → Tax as stored, or the unsaved defaults (not registered for GST). */
export function taxSettingsOf(merchant: MerchantRecord): TaxSettings {
  return merchant.tax ? storedTaxSettingsRead(merchant.tax) : UNSAVED_TAX_SETTINGS;
}

/**
 * Settings → Tax as the form opens it. Never saved, the name and address receipts would show start from the
 * business details given at sign-up, so a café registering for GST does not type them twice; nothing is
 * stored, nor shown on a receipt, until the merchant saves.
 */
export async function getTaxSettings(repo: MerchantRepository, merchantId: string): Promise<TaxSettings> {
  const merchant = await requireMerchant(repo, merchantId);
  return merchant.tax
    ? storedTaxSettingsRead(merchant.tax)
    : {
        ...UNSAVED_TAX_SETTINGS,
        legalName: merchant.companyName ?? null,
        address: merchant.businessAddress ?? null,
      };
}

/** Saves Settings → Tax (already checked by the contract, GST number included); receipts from now on follow it. */
export async function saveTaxSettings(
  repo: MerchantRepository,
  merchantId: string,
  tax: TaxSettings,
  now: Date,
): Promise<TaxSettings> {
  const updated = await repo.saveTax(merchantId, tax, now);
  if (!updated) throw PROFILE_NOT_FOUND();
  return taxSettingsOf(updated);
}
