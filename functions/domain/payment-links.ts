/**
 * Payment links: what a merchant creates and shares, and the public view a payer's page reads.
 * Amounts are integer cents in the merchant's currency; an open-amount link stores no amount.
 */
import {
  LINK_ALL_HELD_MESSAGE,
  LINK_EXPIRED_DEFAULT_MESSAGE,
  LINK_NOT_FOUND_MESSAGE,
  LINK_SOLD_OUT_MESSAGE,
} from '@shared/payment-messages';
import { randomBytes } from 'node:crypto';
import { DEFAULT_TIME_ZONE } from '@shared/brand';
import {
  EXPIRY_INVALID_MESSAGE,
  type CreatePaymentLink,
  type PaymentLink,
  type PublicPaymentLink,
  type UpdateLinkExpiry,
  type UpdateLinkSettings,
} from '@shared/contracts/payment-links';
import type { CustomField } from '@shared/contracts/custom-field-records';
import { instantOfWallClock } from '@shared/wall-clock';
import {
  PAYMENT_LINK_FIELD_NAMES,
  pickLinkFields,
  PUBLIC_LINK_FIELD_NAMES,
  type PaymentLinkRecord,
} from '@shared/payment-link-record';
import { HttpError } from './http-error';
import { inBatches } from './in-batches';
import { requireMerchant, type MerchantRecord, type MerchantRepository } from './merchants';
import type { PaymentRecord } from './payments';
import { accessStateOf, assertMayUseGatedFeatures } from './subscription';
import type { Telemetry } from './telemetry';

export type { PaymentLinkRecord } from '@shared/payment-link-record';

/** Outcome of asking for a place on a link. */
export type PlaceOutcome = 'held' | 'sold_out' | 'busy';

/**
 * The link's places ledger. Each call is one conditional UpdateItem on the link row (dynalite has no
 * transactions): a payment id in `holds` is the proof, so each move happens once however often it is asked.
 */
export interface LinkPlaces {
  /** Holds a place for the payment unless the link is sold out or has `openCap` Checkouts open. */
  take(link: PaymentLinkRecord, paymentId: string, openCap: number): Promise<PlaceOutcome>;
  /**
   * The held place becomes sold (completed payment) and its total joins the link's results, in one write;
   * false when this payment holds none (done already).
   */
  sell(linkId: string, paymentId: string, totalCents: number): Promise<boolean>;
  /** The held place is free again (Checkout expired, canceled or failed); false when none is held. */
  release(linkId: string, paymentId: string): Promise<boolean>;
}

export type LinkExpiry = Pick<PaymentLink, 'expiresAt' | 'expiredMessage'>;

/** Why a settings write was refused: no such link of the merchant's, or a limit below its taken places. */
export type SettingsOutcome =
  | { ok: true; link: PaymentLinkRecord }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'below_taken'; link: PaymentLinkRecord };

export interface PaymentLinkRepository {
  get(linkId: string): Promise<PaymentLinkRecord | undefined>;
  /** Refuses to overwrite an existing link (an id collision is retried by the caller). */
  create(link: PaymentLinkRecord): Promise<void>;
  /** The merchant's links, newest first. */
  listByMerchant(merchantId: string): Promise<PaymentLinkRecord[]>;
  /** Sets `isActive` on the merchant's own link; undefined when no such link belongs to the merchant. */
  setActive(merchantId: string, linkId: string, isActive: boolean, now: Date): Promise<PaymentLinkRecord | undefined>;
  /** Sets the expiry of the merchant's own link; undefined when no such link belongs to the merchant. */
  setExpiry(merchantId: string, linkId: string, expiry: LinkExpiry, now: Date): Promise<PaymentLinkRecord | undefined>;
  /**
   * Sets the limit, reference and after-payment settings of the merchant's own link, in one write that
   * refuses a limit below the places sold or held at that moment (so a payer starting checkout meanwhile is
   * never sold a place the new limit lacks).
   */
  setSettings(merchantId: string, linkId: string, settings: UpdateLinkSettings, now: Date): Promise<SettingsOutcome>;
}

interface LinkDeps {
  links: PaymentLinkRepository;
  merchants: MerchantRepository;
  now: Date;
}

/** What closing a link's open Checkouts needs: the merchant's pending payments, and Stripe's expire. */
export interface OpenCheckouts {
  /** The merchant's pending payments created at or after `since`, at most `limit`. */
  pendingOfMerchant(merchantId: string, since: string, limit: number): Promise<PaymentRecord[]>;
  /** Expires an open Checkout session on the merchant's account; throws if Stripe refuses. */
  expireSession(sessionId: string, stripeAccountId: string): Promise<void>;
  telemetry: Telemetry;
}

/**
 * A Checkout session lives at most 24 hours (Stripe's longest; a payer's lives 31 minutes, docs/decisions.md
 * #59): a payment open for longer has no session left to close.
 */
const OPEN_SESSION_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The most open Checkouts one deactivation closes (a whole day of a busy link), 8 at a time. */
const MAX_SESSIONS_CLOSED = 1_000;
const EXPIRE_CONCURRENCY = 8;

/** 9 random bytes = 72 bits = exactly 12 base64url characters (docs/decisions.md #9). */
export function newLinkId(): string {
  return randomBytes(9).toString('base64url');
}

export const linkNotFound = () => new HttpError(404, 'link_not_found', LINK_NOT_FOUND_MESSAGE);

/** True once the link's expiry has come: checked on every read (docs/decisions.md #43, #53). */
export function isLinkExpired(link: Pick<PaymentLinkRecord, 'expiresAt'>, now: Date): boolean {
  return Boolean(link.expiresAt) && Date.parse(link.expiresAt!) <= now.getTime();
}

/** What the merchant sees of a stored link: its own fields, and what is worked out when read. */
export function toPaymentLink(link: PaymentLinkRecord, now: Date): PaymentLink {
  return {
    ...pickLinkFields(link, PAYMENT_LINK_FIELD_NAMES),
    expired: isLinkExpired(link, now),
    // A link older than the count shows none rather than a part of its history (docs/decisions.md #82).
    results: link.resultsSince ? { payments: link.soldCount, grossCents: link.grossCents ?? 0 } : null,
  };
}

/**
 * The merchant's questions as the link stores them: Paylink's own keys for each question and choice
 * (`field1`, `option1`: letters and digits, as Stripe asks of both), so the merchant's words are only labels.
 */
export function customFieldsOf(input: CreatePaymentLink['customFields']): CustomField[] {
  return input.map((field, index) => ({
    key: `field${index + 1}`,
    type: field.type,
    label: field.label,
    required: field.required,
    options: field.options.map((label, option) => ({ value: `option${option + 1}`, label })),
  }));
}

/**
 * The instant the merchant's clock reading names in their time zone (docs/decisions.md #53). A time the
 * clocks skip is refused in words rather than moved; a time already past is refused too, as a new expiry
 * that has already passed is a typo, never a wish.
 */
function expiryInstant(expiresAtLocal: string | null, timeZone: string, now: Date): string | null {
  if (expiresAtLocal === null) return null;
  const converted = instantOfWallClock(expiresAtLocal, timeZone);
  const refuse = (message: string) => new HttpError(400, 'invalid_expiry', message, { expiresAtLocal: message });
  if (!converted.ok) {
    throw refuse(
      converted.reason === 'skipped'
        ? 'That time does not exist on that day: the clocks go forward. Choose a time an hour later.'
        : EXPIRY_INVALID_MESSAGE,
    );
  }
  if (converted.instant.getTime() <= now.getTime()) throw refuse('Choose an expiry in the future.');
  return converted.instant.toISOString();
}

/** Every place sold or held (a link without a limit never is). */
export function isSoldOut(link: PaymentLinkRecord): boolean {
  return link.maxPayments != null && (link.placesTaken ?? 0) >= link.maxPayments;
}

/**
 * Sold out only for now: every place is taken, but not every one sold — the rest are held by payers on Checkout,
 * and one comes back when its payer does not finish (docs/decisions.md #168, #242).
 */
export function isHeldFull(link: PaymentLinkRecord): boolean {
  return isSoldOut(link) && (link.soldCount ?? 0) < link.maxPayments!;
}

/** Checkout's refusal of a link with no place free: whether a place may come back, in words. */
export function soldOutRefusal(link: PaymentLinkRecord): HttpError {
  return new HttpError(409, 'sold_out', isHeldFull(link) ? LINK_ALL_HELD_MESSAGE : LINK_SOLD_OUT_MESSAGE);
}

export async function createPaymentLink(merchantId: string, input: CreatePaymentLink, deps: LinkDeps) {
  const merchant = await requireMerchant(deps.merchants, merchantId);
  assertMayUseGatedFeatures(merchant, deps.now);
  // Every input the row stores as given is spread in (docs/decisions.md #140); only these are worked out.
  const { expiresAtLocal, customFields, ...given } = input;
  const link: PaymentLinkRecord = {
    ...given,
    linkId: newLinkId(),
    merchantId,
    amountCents: input.isOpenAmount ? null : input.amountCents,
    isActive: true,
    currency: merchant.currency,
    createdAt: deps.now.toISOString(),
    updatedAt: deps.now.toISOString(),
    expiresAt: expiryInstant(expiresAtLocal, merchant.timeZone || DEFAULT_TIME_ZONE, deps.now),
    soldCount: 0,
    customFields: customFieldsOf(customFields),
    placesTaken: 0,
    resultsSince: deps.now.toISOString(),
    grossCents: 0,
  };
  await deps.links.create(link);
  return toPaymentLink(link, deps.now);
}

export async function listPaymentLinks(merchantId: string, links: PaymentLinkRepository, now: Date) {
  const listed = (await links.listByMerchant(merchantId)).filter((link) => !link.requestOnly);
  return { links: listed.map((link) => toPaymentLink(link, now)) };
}

/**
 * Edit expiry: a new time in the merchant's zone, or none. A later time revives an expired link at once;
 * nothing else about the link changes (an inactive link stays inactive).
 */
export async function setPaymentLinkExpiry(
  merchantId: string,
  linkId: string,
  input: UpdateLinkExpiry,
  deps: LinkDeps,
) {
  const merchant = await requireMerchant(deps.merchants, merchantId);
  const expiresAt = expiryInstant(input.expiresAtLocal, merchant.timeZone || DEFAULT_TIME_ZONE, deps.now);
  const updated = await deps.links.setExpiry(
    merchantId,
    linkId,
    { expiresAt, expiredMessage: input.expiredMessage },
    deps.now,
  );
  if (!updated) throw linkNotFound();
  return toPaymentLink(updated, deps.now);
}

/**
 * Edit link settings (docs/decisions.md #83): the limit, the reference and what follows payment, checked as
 * at creation. A limit below the places already sold or held is refused in words, and nothing changes.
 * Payments already made keep the reference and thank-you they were made with (#54, #55).
 */
export async function setPaymentLinkSettings(
  merchantId: string,
  linkId: string,
  input: UpdateLinkSettings,
  deps: Pick<LinkDeps, 'links' | 'now'>,
) {
  const outcome = await deps.links.setSettings(merchantId, linkId, input, deps.now);
  if (outcome.ok) return toPaymentLink(outcome.link, deps.now);
  if (outcome.reason === 'not_found') throw linkNotFound();
  const message = limitBelowTakenMessage(outcome.link);
  throw new HttpError(409, 'limit_below_sold', message, { maxPayments: message });
}

/** The refusal's words: how many places are gone, and the smallest limit that fits. */
function limitBelowTakenMessage(link: PaymentLinkRecord): string {
  const taken = link.placesTaken ?? 0;
  const sold = link.soldCount;
  const held = Math.max(0, taken - sold);
  const gone = held > 0 ? `${sold} sold and ${held} held by payers on Checkout` : `${sold} sold`;
  return `This link already has ${gone}. Choose a limit of at least ${taken}, or no limit.`;
}

/**
 * Activate / Deactivate. Activating is a gated action; deactivating is always allowed (a merchant may
 * always stop taking money), and it stops at once: the Checkouts payers already opened on the link are
 * expired with Stripe, so none of them can still pay (their payments end expired, through Stripe's event).
 */
export async function setPaymentLinkActive(
  merchantId: string,
  linkId: string,
  isActive: boolean,
  deps: LinkDeps & { openCheckouts: OpenCheckouts },
) {
  if (isActive) assertMayUseGatedFeatures(await requireMerchant(deps.merchants, merchantId), deps.now);
  // Scoped by the token's merchant: another merchant's link answers exactly as a missing one does.
  const updated = await deps.links.setActive(merchantId, linkId, isActive, deps.now);
  if (!updated) throw linkNotFound();
  if (!isActive) await closeOpenCheckouts(merchantId, linkId, deps.openCheckouts, deps.now);
  return toPaymentLink(updated, deps.now);
}

/**
 * Expires the link's open Checkout sessions (a deactivated link, #47; a cancelled one-off request's own link,
 * #105). One Stripe refuses (the payer completed it a moment ago, or it expired already) is logged and
 * skipped: its payment settles from Stripe's own event as usual.
 */
export async function closeOpenCheckouts(merchantId: string, linkId: string, checkouts: OpenCheckouts, now: Date) {
  const since = new Date(now.getTime() - OPEN_SESSION_WINDOW_MS).toISOString();
  const open = (await checkouts.pendingOfMerchant(merchantId, since, MAX_SESSIONS_CLOSED)).filter(
    (payment) => payment.linkId === linkId && payment.checkoutSessionId,
  );
  await inBatches(open, EXPIRE_CONCURRENCY, async (payment) => {
    try {
      await checkouts.expireSession(payment.checkoutSessionId!, payment.stripeAccountId);
    } catch (error) {
      checkouts.telemetry.log.warn('Could not expire an open Checkout of a deactivated link', {
        paymentId: payment.paymentId,
        linkId,
        error: String(error),
      });
    }
  });
}

/** Whether a merchant can take a payment right now: Stripe connected, and a trial or a subscription (docs/decisions.md #11). */
export function canTakePayments(merchant: MerchantRecord, now: Date): boolean {
  return (
    merchant.stripeAccountStatus === 'connected' &&
    Boolean(merchant.stripeAccountId) &&
    accessStateOf(merchant, now) !== 'expired'
  );
}

/** A link a payer may pay: it exists and is active, and so does its merchant. */
export async function payableLink(linkId: string, deps: Omit<LinkDeps, 'now'>) {
  const link = await deps.links.get(linkId);
  if (!link || !link.isActive) throw linkNotFound();
  const merchant = await deps.merchants.get(link.merchantId);
  if (!merchant) throw linkNotFound();
  return { link, merchant };
}

/** GET /api/links/{id}: only what the payment page shows. */
export async function publicPaymentLink(linkId: string, deps: LinkDeps): Promise<PublicPaymentLink> {
  const { link, merchant } = await payableLink(linkId, deps);
  return {
    ...pickLinkFields(link, PUBLIC_LINK_FIELD_NAMES),
    businessName: merchant.companyName ?? null,
    acceptingPayments: canTakePayments(merchant, deps.now),
    ...expiryForPayer(link, deps.now),
    soldOut: isSoldOut(link),
    placesHeld: isHeldFull(link),
  };
}

/** Whether the payer may still pay, and the words they see when not: only once expired is the message public. */
export function expiryForPayer(link: PaymentLinkRecord, now: Date) {
  const expired = isLinkExpired(link, now);
  return { expired, expiredMessage: expired ? link.expiredMessage : null };
}

/** Checkout's refusal of an expired link: the merchant's words, or the default ones. */
export const linkExpired = (link: PaymentLinkRecord) =>
  new HttpError(410, 'link_expired', link.expiredMessage || LINK_EXPIRED_DEFAULT_MESSAGE);
