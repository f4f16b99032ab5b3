/**
 * Payment links: what a merchant creates and shares, and the public view a payer's page reads.
 * Amounts are integer cents in the merchant's currency; an open-amount link stores no amount.
 */
import { LINK_NOT_FOUND_MESSAGE } from '@shared/payment-messages';
import { randomBytes } from 'node:crypto';
import { type CreatePaymentLink, type PaymentLink, type PublicPaymentLink } from '@shared/contracts/payment-links';
import { HttpError } from './http-error';
import { inBatches } from './in-batches';
import { requireMerchant, type MerchantRecord, type MerchantRepository } from './merchants';
import type { PaymentRecord } from './payments';
import { accessStateOf, assertMayUseGatedFeatures } from './subscription';
import type { Telemetry } from './telemetry';

export interface PaymentLinkRecord extends PaymentLink {
  merchantId: string;
  updatedAt: string;
  /**
   * The places ledger (docs/decisions.md #58), written only by conditional UpdateItems on this row: the
   * payments holding a place while their Checkout is open, and `placesTaken` = held + sold.
   */
  holds?: Set<string>;
  placesTaken?: number;
}

/** Outcome of asking for a place on a link. */
export type PlaceOutcome = 'held' | 'sold_out' | 'busy';

/**
 * The link's places ledger. Each call is one conditional UpdateItem on the link row (dynalite has no
 * transactions): a payment id in `holds` is the proof, so each move happens once however often it is asked.
 */
export interface LinkPlaces {
  /** Holds a place for the payment unless the link is sold out or has `openCap` Checkouts open. */
  take(link: PaymentLinkRecord, paymentId: string, openCap: number): Promise<PlaceOutcome>;
  /** The held place becomes sold (completed payment); false when this payment holds none (done already). */
  sell(linkId: string, paymentId: string): Promise<boolean>;
  /** The held place is free again (Checkout expired, canceled or failed); false when none is held. */
  release(linkId: string, paymentId: string): Promise<boolean>;
}

export interface PaymentLinkRepository {
  get(linkId: string): Promise<PaymentLinkRecord | undefined>;
  /** Refuses to overwrite an existing link (an id collision is retried by the caller). */
  create(link: PaymentLinkRecord): Promise<void>;
  /** The merchant's links, newest first. */
  listByMerchant(merchantId: string): Promise<PaymentLinkRecord[]>;
  /** Sets `isActive` on the merchant's own link; undefined when no such link belongs to the merchant. */
  setActive(merchantId: string, linkId: string, isActive: boolean, now: Date): Promise<PaymentLinkRecord | undefined>;
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

/** A Checkout session lives 24 hours: a payment pending for longer has no session left to close. */
const OPEN_SESSION_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The most open Checkouts one deactivation closes (a whole day of a busy link), 8 at a time. */
const MAX_SESSIONS_CLOSED = 1_000;
const EXPIRE_CONCURRENCY = 8;

/** 9 random bytes = 72 bits = exactly 12 base64url characters (docs/decisions.md #9). */
export function newLinkId(): string {
  return randomBytes(9).toString('base64url');
}

export const linkNotFound = () => new HttpError(404, 'link_not_found', LINK_NOT_FOUND_MESSAGE);

/** What the merchant sees of a stored link: everything but the owner, which is the merchant themselves. */
export function toPaymentLink({
  merchantId: _owner,
  updatedAt: _updated,
  holds: _holds,
  placesTaken: _taken,
  ...link
}: PaymentLinkRecord): PaymentLink {
  return { ...link, maxPayments: link.maxPayments ?? null, soldCount: link.soldCount ?? 0 };
}

/** Every place sold or held (a link without a limit never is). */
export function isSoldOut(link: PaymentLinkRecord): boolean {
  return link.maxPayments != null && (link.placesTaken ?? 0) >= link.maxPayments;
}

export async function createPaymentLink(merchantId: string, input: CreatePaymentLink, deps: LinkDeps) {
  const merchant = await requireMerchant(deps.merchants, merchantId);
  assertMayUseGatedFeatures(merchant, deps.now);
  const link: PaymentLinkRecord = {
    linkId: newLinkId(),
    merchantId,
    title: input.title,
    description: input.description,
    amountCents: input.isOpenAmount ? null : input.amountCents,
    isOpenAmount: input.isOpenAmount,
    tipPercent: input.tipPercent,
    isActive: true,
    currency: merchant.currency,
    createdAt: deps.now.toISOString(),
    updatedAt: deps.now.toISOString(),
    maxPayments: input.maxPayments ?? null,
    soldCount: 0,
    placesTaken: 0,
  };
  await deps.links.create(link);
  return toPaymentLink(link);
}

export async function listPaymentLinks(merchantId: string, links: PaymentLinkRepository) {
  return { links: (await links.listByMerchant(merchantId)).map(toPaymentLink) };
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
  return toPaymentLink(updated);
}

/**
 * Expires the link's open Checkout sessions. One Stripe refuses (the payer completed it a moment ago, or it
 * expired already) is logged and skipped: its payment settles from Stripe's own event as usual.
 */
async function closeOpenCheckouts(merchantId: string, linkId: string, checkouts: OpenCheckouts, now: Date) {
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
    linkId: link.linkId,
    title: link.title,
    description: link.description,
    amountCents: link.amountCents,
    isOpenAmount: link.isOpenAmount,
    tipPercent: link.tipPercent,
    currency: link.currency,
    businessName: merchant.companyName ?? null,
    acceptingPayments: canTakePayments(merchant, deps.now),
    soldOut: isSoldOut(link),
  };
}
