/**
 * Payment requests (docs/decisions.md #79–#81): the merchant emails one payer a request to pay a link or a
 * one-off amount, with at most one reminder; a payment made through the request marks it Paid.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_TIME_ZONE } from '@shared/brand';
import { paymentLinkDefaults } from '@shared/payment-link-record';
import {
  REQUEST_LIMIT_MESSAGE,
  REQUESTS_PER_DAY,
  TRIAL_REQUEST_LIMIT_MESSAGE,
  TRIAL_REQUESTS_PER_DAY,
  type PaymentRequest,
  type RequestStatus,
  type SendPaymentRequest,
} from '@shared/contracts/payment-requests';
import { EmailRefusedError, EmailUncertainError, type Email } from './emails';
import { isEveryPlaceSold } from './checkout-holds';
import { HttpError } from './http-error';
import { dayInTimeZone } from './merchant-days';
import { isSubscribed, requireMerchant, type MerchantRecord, type MerchantRepository } from './merchants';
import {
  canTakePayments,
  closeOpenCheckouts,
  isLinkExpired,
  newLinkId,
  type OpenCheckouts,
  type PaymentLinkRecord,
  type PaymentLinkRepository,
} from './payment-links';
import type { PaymentRecord } from './payments';
import { requestEmail } from './request-emails';
import {
  assertMayRequest,
  recipientKey,
  REMINDER_SUPPRESSED_MESSAGES,
  type RequestRecipientRepository,
} from './request-recipients';
import { assertMayUseGatedFeatures } from './subscription';

/** Status only moves up this ladder; Cancelled is final and is reached only from Sent or Reminded (#80). */
export const REQUEST_STATUS_RANK: Record<RequestStatus, number> = { sent: 0, reminded: 1, paid: 2, cancelled: 3 };

export interface PaymentRequestRecord {
  requestId: string;
  merchantId: string;
  linkId: string;
  title: string;
  oneOff: boolean;
  payerEmail: string;
  payerName: string | null;
  note: string | null;
  amountCents: number | null;
  currency: string;
  status: RequestStatus;
  reminderDays: number | null;
  /** When the reminder is due (absent without one: it is the `reminderDue` index's sort key). */
  remindAt?: string;
  /** Sparse `reminderDue` index: present only while a reminder is still owed (removed by reminder, payment, cancel). */
  reminderShard?: string;
  createdAt: string;
  updatedAt: string;
  remindedAt?: string;
  /** Failed reminder sends given back so far (docs/decisions.md #117). */
  reminderAttempts?: number;
  /** Why the reminder was given up, in the merchant's words; set when it ends unsent. */
  reminderFailure?: string;
  paidAt?: string;
  cancelledAt?: string;
  paymentId?: string;
  payUrl: string;
}

export interface PaymentRequestRepository {
  /**
   * Takes one of the merchant's `max` sends of `day` (one conditional ADD on a counter); false when all
   * are taken. `expiresAt` (epoch seconds) lets the counter go once the day is long over.
   */
  takeDailySend(merchantId: string, day: string, max: number, expiresAt: number): Promise<boolean>;
  create(request: PaymentRequestRecord): Promise<void>;
  get(requestId: string): Promise<PaymentRequestRecord | undefined>;
  /** The merchant's requests, newest first. */
  listByMerchant(merchantId: string): Promise<PaymentRequestRecord[]>;
  /**
   * Cancels the merchant's own request if it is Sent or Reminded; answers it as it stands afterwards, or
   * undefined when the merchant has no such request.
   */
  cancel(merchantId: string, requestId: string, now: Date): Promise<PaymentRequestRecord | undefined>;
  /** Sent or Reminded → Paid by `paymentId`; false when the request was not in either (already paid, cancelled). */
  markPaid(requestId: string, paymentId: string, now: Date): Promise<boolean>;
  /** Requests of one shard whose reminder is due by `now`, most overdue first, at most `limit`. */
  listDueReminders(shard: string, now: string, limit: number): Promise<PaymentRequestRecord[]>;
  /**
   * Sent → Reminded, only while the reminder is still owed and due: the claim that makes one sender of
   * two; answers the claimed request, or undefined when someone else claimed it or it stopped being owed.
   */
  claimReminder(requestId: string, now: Date): Promise<PaymentRequestRecord | undefined>;
  /**
   * Gives back a claim whose email was not sent, so the next run tries again (only that claim), counting the
   * attempt in `reminderAttempts`.
   */
  releaseReminder(request: PaymentRequestRecord, claimedAt: string): Promise<void>;
  /**
   * Ends a claimed reminder unsent for good (only that claim): back to Sent, no longer owed, `reminderFailure`
   * saying why.
   */
  endReminder(request: PaymentRequestRecord, claimedAt: string, failure: string): Promise<void>;
}

export type SendEmail = (to: string, email: Email) => Promise<void>;

export interface PaymentRequestDeps {
  requests: PaymentRequestRepository;
  links: PaymentLinkRepository;
  merchants: MerchantRepository;
  /** The suppression list and pauses the email's unsubscribe and report links fill (docs/decisions.md #175). */
  recipients: RequestRecipientRepository;
  send: SendEmail;
  appOrigin: string;
  now: Date;
}

export const REMINDER_SHARDS = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

export const REQUEST_NOT_FOUND_MESSAGE = 'We could not find this payment request.';
export const REQUEST_PAID_MESSAGE = 'This request has been paid, so it can no longer be cancelled.';
export const REQUEST_LINK_UNUSABLE_MESSAGE =
  'This link is not taking payments (inactive, expired or sold out). Make it payable first, or send a one-off amount.';
export const REQUEST_NOT_ACCEPTING_MESSAGE =
  'Connect your Stripe account before sending payment requests: a customer could not pay the request yet.';
export const REQUEST_EMAIL_FAILED_MESSAGE = 'We could not send the request email. Nothing was sent; please try again.';

const requestNotFound = () => new HttpError(404, 'request_not_found', REQUEST_NOT_FOUND_MESSAGE);

/** `req_` + 16 URL-safe characters from 12 random bytes: unguessable, as it rides in the email's link. */
export function newRequestId(): string {
  return `req_${randomBytes(12).toString('base64url')}`;
}

export function reminderShardOf(requestId: string): string {
  const digest = createHash('sha256').update(requestId).digest();
  return `reminder#${digest[0]! % REMINDER_SHARDS}`;
}

export function allReminderShards(): string[] {
  return Array.from({ length: REMINDER_SHARDS }, (_, index) => `reminder#${index}`);
}

/** The Pay button's address: the link's page, with the request (and an open link's amount, in cents) to carry. */
function payUrlOf(appOrigin: string, link: PaymentLinkRecord, requestId: string, amountCents: number | null) {
  const url = new URL(`/p/${link.linkId}`, appOrigin || 'http://localhost');
  if (link.isOpenAmount && amountCents !== null) url.searchParams.set('amount', String(amountCents));
  url.searchParams.set('request', requestId);
  return appOrigin ? url.toString() : `${url.pathname}${url.search}`;
}

export function toPaymentRequest(record: PaymentRequestRecord): PaymentRequest {
  return {
    requestId: record.requestId,
    linkId: record.linkId,
    title: record.title,
    oneOff: record.oneOff,
    payerEmail: record.payerEmail,
    payerName: record.payerName,
    note: record.note,
    amountCents: record.amountCents,
    currency: record.currency,
    status: record.status,
    reminderDays: record.reminderDays,
    remindAt: record.reminderShard ? (record.remindAt ?? null) : null,
    createdAt: record.createdAt,
    remindedAt: record.remindedAt ?? null,
    reminderFailure: record.reminderFailure ?? null,
    paidAt: record.paidAt ?? null,
    cancelledAt: record.cancelledAt ?? null,
    paymentId: record.paymentId ?? null,
    payUrl: record.payUrl,
  };
}

/** The merchant's link the request is for: theirs, and payable now (another merchant's answers as a missing one). */
async function linkToRequest(merchantId: string, linkId: string, deps: PaymentRequestDeps) {
  const link = await deps.links.get(linkId);
  if (!link || link.merchantId !== merchantId || link.requestOnly) {
    throw new HttpError(404, 'link_not_found', 'We could not find this payment link.', {
      linkId: 'We could not find this payment link.',
    });
  }
  // Places merely held by open Checkouts may free within minutes (docs/decisions.md #168): only a link whose
  // every place is sold refuses.
  if (!link.isActive || isLinkExpired(link, deps.now) || isEveryPlaceSold(link)) {
    throw new HttpError(409, 'link_not_payable', REQUEST_LINK_UNUSABLE_MESSAGE);
  }
  return link;
}

/** A one-off amount's link: fixed, single-use, hidden from the links list (docs/decisions.md #79). */
function oneOffLink(merchant: MerchantRecord, input: SendPaymentRequest, now: Date): PaymentLinkRecord {
  return {
    linkId: newLinkId(),
    merchantId: merchant.merchantId,
    title: input.title!,
    description: null,
    amountCents: input.amountCents,
    isOpenAmount: false,
    tipPercent: null,
    isActive: true,
    currency: merchant.currency,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    // No expiry, reference, thank-you or questions: every later field at its default, but one place.
    ...paymentLinkDefaults(),
    maxPayments: 1,
    placesTaken: 0,
    requestOnly: true,
  };
}

/**
 * "Send to a customer": checks the link (or makes the one-off's), takes one of the day's sends, stores the
 * request and emails it. A refused or failed email leaves the request Cancelled (so no reminder follows a
 * request that never arrived) and answers in words; one whose answer was lost may have arrived, and stands.
 */
export async function sendPaymentRequest(
  merchantId: string,
  input: SendPaymentRequest,
  deps: PaymentRequestDeps,
): Promise<PaymentRequest> {
  const merchant = await requireMerchant(deps.merchants, merchantId);
  assertMayUseGatedFeatures(merchant, deps.now);
  if (!canTakePayments(merchant, deps.now)) {
    throw new HttpError(409, 'not_accepting_payments', REQUEST_NOT_ACCEPTING_MESSAGE);
  }
  const existing = input.linkId ? await linkToRequest(merchantId, input.linkId, deps) : null;
  await assertMayRequest(merchantId, input.payerEmail, deps.recipients);

  const day = dayInTimeZone(deps.now, merchant.timeZone || DEFAULT_TIME_ZONE);
  const keepUntil = Math.floor((deps.now.getTime() + 3 * DAY_MS) / 1000);
  // A trial sends fewer a day: it costs nothing to start, so it is where a phishing run would (#174).
  const subscribed = isSubscribed(merchant.subscription);
  const perDay = subscribed ? REQUESTS_PER_DAY : TRIAL_REQUESTS_PER_DAY;
  if (!(await deps.requests.takeDailySend(merchantId, day, perDay, keepUntil))) {
    throw new HttpError(429, 'too_many_requests', subscribed ? REQUEST_LIMIT_MESSAGE : TRIAL_REQUEST_LIMIT_MESSAGE);
  }

  const link = existing ?? oneOffLink(merchant, input, deps.now);
  if (!existing) await deps.links.create(link);
  // A fixed link's own amount whatever the form said; an open link's amount is the merchant's, or the payer's.
  const amountCents = link.isOpenAmount ? input.amountCents : link.amountCents;
  const requestId = newRequestId();
  const createdAt = deps.now.toISOString();
  const remindAt =
    input.reminderDays === null ? null : new Date(deps.now.getTime() + input.reminderDays * DAY_MS).toISOString();
  const request: PaymentRequestRecord = {
    requestId,
    merchantId,
    linkId: link.linkId,
    title: link.title,
    oneOff: !existing,
    payerEmail: input.payerEmail,
    payerName: input.payerName,
    note: input.note,
    amountCents,
    currency: link.currency,
    status: 'sent',
    reminderDays: input.reminderDays,
    ...(remindAt && { remindAt, reminderShard: reminderShardOf(requestId) }),
    createdAt,
    updatedAt: createdAt,
    payUrl: payUrlOf(deps.appOrigin, link, requestId, amountCents),
  };
  await deps.requests.create(request);
  try {
    await deps.send(request.payerEmail, requestEmail(request, merchant, false, deps.appOrigin));
  } catch (error) {
    // SES's answer was lost: the email may well have arrived, so the request stands (docs/decisions.md #117).
    if (error instanceof EmailUncertainError) return toPaymentRequest(request);
    await deps.requests.cancel(merchantId, requestId, deps.now);
    if (request.oneOff) await deps.links.setActive(merchantId, link.linkId, false, deps.now);
    const why = error instanceof EmailRefusedError ? ` ${error.reason}` : '';
    throw new HttpError(502, 'email_failed', `${REQUEST_EMAIL_FAILED_MESSAGE}${why}`);
  }
  return toPaymentRequest(request);
}

export async function listPaymentRequests(merchantId: string, requests: PaymentRequestRepository) {
  return { requests: (await requests.listByMerchant(merchantId)).map(toPaymentRequest) };
}

/**
 * Cancel: final, and only from Sent or Reminded. A one-off's own link is deactivated too, so its Pay button
 * stops working, and the Checkout its payer may already have open on it is expired with Stripe, so it cannot
 * be paid either (docs/decisions.md #105). A request for one of the merchant's links leaves the link and its
 * Checkouts as they are (others use it, #80).
 */
export async function cancelPaymentRequest(
  merchantId: string,
  requestId: string,
  deps: Pick<PaymentRequestDeps, 'requests' | 'links' | 'now'> & { openCheckouts: OpenCheckouts },
): Promise<PaymentRequest> {
  const request = await deps.requests.cancel(merchantId, requestId, deps.now);
  if (!request) throw requestNotFound();
  if (request.status === 'paid') throw new HttpError(409, 'request_paid', REQUEST_PAID_MESSAGE);
  if (request.oneOff) {
    await deps.links.setActive(merchantId, request.linkId, false, deps.now);
    await closeOpenCheckouts(merchantId, request.linkId, deps.openCheckouts, deps.now);
  }
  return toPaymentRequest(request);
}

/**
 * A succeeded payment that carries a request id marks that request Paid — only the same merchant's request
 * for the same link, paid at least its amount, and only from Sent or Reminded (#80). Idempotent: a second
 * delivery finds it Paid and changes nothing.
 */
export async function markRequestPaid(
  payment: Pick<PaymentRecord, 'paymentId' | 'merchantId' | 'linkId' | 'baseCents' | 'status' | 'requestId'>,
  deps: { requests: Pick<PaymentRequestRepository, 'get' | 'markPaid'>; now: Date },
): Promise<boolean> {
  if (payment.status !== 'succeeded' || !payment.requestId) return false;
  const request = await deps.requests.get(payment.requestId);
  if (!request || request.merchantId !== payment.merchantId || request.linkId !== payment.linkId) return false;
  if (request.amountCents !== null && payment.baseCents < request.amountCents) return false;
  return deps.requests.markPaid(request.requestId, payment.paymentId, deps.now);
}

export interface ReminderRun {
  due: number;
  sent: number;
  failed: number;
  /** Reminders given up unsent for good (refused, or out of attempts). */
  ended: number;
}

/** Reminders claimed per shard per run at most; the next run takes the rest. */
const REMINDERS_PER_SHARD = 200;

/** Sends of one reminder that failed unsent before it is given up: two hours of 15-minute runs. */
export const REMINDER_ATTEMPTS = 8;

/** What the merchant reads when the reminder's sends kept failing (the mail service busy or down). */

export const REMINDER_GAVE_UP_MESSAGE =
  "The reminder could not be sent: Paylink's email (Amazon SES) kept failing for two hours. Send the request again if it is still owed.";

/**
 * The reminder schedule: each due reminder is claimed with a conditional write (Sent → Reminded, owed and
 * due) before its email goes, so two runs at once send it once and a paid or cancelled request — no
 * longer Sent, no longer owed — is never reminded. When the email fails (docs/decisions.md #117): a
 * refusal no retry can fix ends the reminder with the reason shown to the merchant; a send whose answer
 * was lost may have gone, so the claim stands (at most once); any other failure — nothing sent — gives the
 * claim back for the next run, REMINDER_ATTEMPTS times at most.
 */
export async function sendDueReminders(
  deps: Pick<PaymentRequestDeps, 'requests' | 'merchants' | 'recipients' | 'send' | 'appOrigin' | 'now'> & {
    onFailure?: (requestId: string, error: unknown) => void;
  },
): Promise<ReminderRun> {
  const run: ReminderRun = { due: 0, sent: 0, failed: 0, ended: 0 };
  const now = deps.now.toISOString();
  for (const shard of allReminderShards()) {
    const due = await deps.requests.listDueReminders(shard, now, REMINDERS_PER_SHARD);
    run.due += due.length;
    for (const candidate of due) {
      const claimed = await deps.requests.claimReminder(candidate.requestId, deps.now);
      if (!claimed) continue;
      const listed = await deps.recipients.suppressionOf(claimed.merchantId, recipientKey(claimed.payerEmail));
      if (listed) {
        await deps.requests.endReminder(claimed, now, REMINDER_SUPPRESSED_MESSAGES[listed]);
        run.ended += 1;
        continue;
      }
      try {
        const merchant = await requireMerchant(deps.merchants, claimed.merchantId);
        await deps.send(claimed.payerEmail, requestEmail(claimed, merchant, true, deps.appOrigin));
        run.sent += 1;
      } catch (error) {
        run.failed += 1;
        deps.onFailure?.(claimed.requestId, error);
        if (error instanceof EmailUncertainError) continue;
        if (error instanceof EmailRefusedError) {
          await deps.requests.endReminder(claimed, now, `The reminder was not sent. ${error.reason}`);
          run.ended += 1;
        } else if ((claimed.reminderAttempts ?? 0) + 1 >= REMINDER_ATTEMPTS) {
          await deps.requests.endReminder(claimed, now, REMINDER_GAVE_UP_MESSAGE);
          run.ended += 1;
        } else {
          await deps.requests.releaseReminder(claimed, now);
        }
      }
    }
  }
  return run;
}
