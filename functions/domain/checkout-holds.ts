/**
 * What keeps an anonymous flood of `POST /api/checkout` from holding a link's places (docs/decisions.md #168):
 * each client address may hold only a share of a link's places at once, and a Checkout nobody has tried to
 * pay on ends after UNUSED_CHECKOUT_MINUTES instead of Stripe's 31 (#59), giving its place back.
 */
import { createHash } from 'node:crypto';
import { HttpError } from './http-error';
import type { PaymentLinkRecord } from './payment-links';

/** The most Checkouts one client address may have open on one link (an unlimited link's share). */
export const CHECKOUTS_PER_CLIENT_PER_LINK = 10;

/**
 * A Checkout on which no payment was tried (Stripe makes its payment intent when the payer submits a payment
 * method) is expired this long after it opened, by the schedule's next check: within 15 minutes, not 31.
 */
export const UNUSED_CHECKOUT_MINUTES = 10;

/** How long a client's record outlives its last Checkout: the session's 31 minutes and the schedule's gap. */
const CLIENT_RECORD_LIFETIME_MS = 40 * 60 * 1000;

export const CLIENT_CHECKOUTS_MESSAGE =
  'Too many checkouts are open on this link from your network. Please finish one, or try again in a few minutes.';

/**
 * One client's share of a link: a quarter of its places, at least one, at most CHECKOUTS_PER_CLIENT_PER_LINK.
 * So a link of 2 places or more is never held whole by one address (a one-place link's single place is the
 * exception, held for minutes only), and filling a limited link takes as many addresses as places up to 3, at
 * least 4 from 4 places, and P/10 from 40.
 */
export function clientHoldCap(link: Pick<PaymentLinkRecord, 'maxPayments'>): number {
  if (link.maxPayments == null) return CHECKOUTS_PER_CLIENT_PER_LINK;
  return Math.max(1, Math.min(CHECKOUTS_PER_CLIENT_PER_LINK, Math.floor(link.maxPayments / 4)));
}

/**
 * Every place sold, none merely held: a held place frees when its Checkout ends unused, so a link held full is
 * not refused to the merchant's own payment requests.
 */
export function isEveryPlaceSold(link: Pick<PaymentLinkRecord, 'maxPayments' | 'soldCount'>): boolean {
  return link.maxPayments != null && (link.soldCount ?? 0) >= link.maxPayments;
}

/** One client's Checkouts on one link, as last written: payment ids with when each was claimed. */
export interface ClientHoldRecord {
  checkouts: { paymentId: string; at: number }[];
  /** 0 when there is no record yet; each write adds one, and a write of a version read earlier is refused. */
  version: number;
}

export interface ClientHolds {
  read(linkId: string, clientKey: string): Promise<ClientHoldRecord>;
  /** The link's holds as stored now (a strongly consistent read of its row). */
  linkHolds(linkId: string): Promise<Set<string> | undefined>;
  /** Writes the record as `version + 1` only while it still is at `version`; false when another write came first. */
  write(linkId: string, clientKey: string, record: ClientHoldRecord, expiresAt: Date): Promise<boolean>;
}

/** A client address as a key: hashed, so no table holds addresses. */
export function clientKeyOf(clientAddress: string): string {
  return createHash('sha256').update(`checkout#${clientAddress}`).digest('hex').slice(0, 32);
}

/**
 * The client's Checkouts still holding a place on the link. Each is written to the client's record only after
 * its place was taken, so the link's row, read after the record, shows every one not yet sold or given back.
 */
function stillOpen(record: ClientHoldRecord, holds: Set<string> | undefined) {
  return record.checkouts.filter(({ paymentId }) => holds?.has(paymentId));
}

const clientAtItsShare = () => new HttpError(429, 'client_checkouts', CLIENT_CHECKOUTS_MESSAGE);

export interface ClientShareDeps {
  clientHolds: ClientHolds;
  now: Date;
}

/**
 * Counts the payment, whose place is already taken, in the client's share of the link, or refuses when the
 * share is full (the caller then gives the place back). A conditional write, retried when a parallel Checkout
 * of the same client wrote first, so a burst is counted whole: a burst may hold a place past its share only
 * between its take and this refusal.
 */
export async function claimClientShare(
  link: PaymentLinkRecord,
  clientKey: string,
  paymentId: string,
  deps: ClientShareDeps,
  /** The record as the Checkout's first read found it, used for the first attempt. */
  firstRead?: ClientHoldRecord,
): Promise<void> {
  const expiresAt = new Date(deps.now.getTime() + CLIENT_RECORD_LIFETIME_MS);
  for (let attempt = 0; attempt < 5; attempt++) {
    const record = attempt === 0 && firstRead ? firstRead : await deps.clientHolds.read(link.linkId, clientKey);
    const open = stillOpen(record, await deps.clientHolds.linkHolds(link.linkId));
    if (open.length >= clientHoldCap(link)) throw clientAtItsShare();
    const next = { checkouts: [...open, { paymentId, at: deps.now.getTime() }], version: record.version };
    if (await deps.clientHolds.write(link.linkId, clientKey, next, expiresAt)) return;
  }
  throw clientAtItsShare();
}

/**
 * Refuses, before any write, a client already at its share of the link as read at the start of this Checkout;
 * answers the record it read, for the claim's first attempt.
 */
export async function assertClientUnderShare(
  link: PaymentLinkRecord,
  clientKey: string,
  deps: ClientShareDeps,
): Promise<ClientHoldRecord> {
  const record = await deps.clientHolds.read(link.linkId, clientKey);
  if (stillOpen(record, link.holds).length >= clientHoldCap(link)) throw clientAtItsShare();
  return record;
}

/** Whether an open Checkout has gone unused long enough to be expired (no payment tried on it). */
export function isUnusedCheckout(
  payment: { createdAt: string },
  session: { status: string | null; payment_intent: unknown },
  now: Date,
): boolean {
  return session.status === 'open' && !session.payment_intent && unusedCheckoutAt(payment) <= now.getTime();
}

/** When an open Checkout becomes unused, for the schedule to check it then. */
export function unusedCheckoutAt(payment: { createdAt: string }): number {
  return Date.parse(payment.createdAt) + UNUSED_CHECKOUT_MINUTES * 60 * 1000;
}
