/**
 * The payer's side of the money path: a pending payment and a Stripe Checkout session for it, created
 * as a direct charge on the merchant's own Stripe account with Paylink's 0.5% fee (docs/architecture.md,
 * "How a payment flows"). Every amount is computed here from the stored link; the browser only says which tip and,
 * for an open-amount link, the base.
 */
import { AMOUNT_TOO_LARGE_MESSAGE, LINK_NOT_ACCEPTING_MESSAGE } from '@shared/payment-messages';
import type { CheckoutSessionRequest, StripeCheckoutSession, StripeFailure, StripePort } from './stripe-port';
import { PRODUCT_FEE_BASIS_POINTS } from '@shared/brand';
import type { CheckoutRequest, CheckoutResponse } from '@shared/contracts/checkout';
import { paymentCentsSchema } from '@shared/contracts/payment-links';
import { PAYMENT_MAX_CENTS, shareOfCents } from '@shared/money';
import { chooseTip, tipLineName, tipPresetsOf } from '@shared/tips';
import { repeatPriceWords } from '@shared/recurring';
import { linkSnapshotOf } from '@shared/payment-link-record';
import type { GstTreatment } from '@shared/gst-treatment';
import { checkRedirectUrl } from '@shared/redirect-url';
import { HttpError } from './http-error';
import { asStripeFailure } from './stripe-errors';
import { paymentGst } from './gst';
import type { MerchantRecord, MerchantRepository } from './merchants';
import {
  canTakePayments,
  isLinkExpired,
  isSoldOut,
  linkExpired,
  payableLink,
  soldOutRefusal,
  type LinkPlaces,
  type PaymentLinkRecord,
  type PaymentLinkRepository,
} from './payment-links';
import { STATUS_RANK } from './payment-status';
import { newPaymentId, pendingShardOf, type PaymentRecord, type PaymentRepository } from './payments';
import { recurringSessionParts, repeatMetadataOf, repeatOf } from './recurring-checkout';
import type { PaymentRequestRepository } from './payment-requests';
import type { Telemetry } from './telemetry';
import { assertClientUnderShare, claimClientShare, clientKeyOf, type ClientHolds } from './checkout-holds';

export interface CheckoutDeps {
  links: PaymentLinkRepository;
  places: LinkPlaces;
  /** Each client address's Checkouts per link (docs/decisions.md #168). */
  clientHolds: ClientHolds;
  merchants: MerchantRepository;
  payments: PaymentRepository;
  /** A payment request's payer, whose address Checkout opens with (docs/decisions.md #80). */
  requests: Pick<PaymentRequestRepository, 'get'>;
  stripe: StripePort;
  appOrigin: string;
  telemetry: Telemetry;
  now: Date;
}

/** How long a payer's Checkout session stays open (docs/decisions.md #59). */
export const CHECKOUT_SESSION_LIFETIME_SECONDS = 31 * 60;

/**
 * The most Checkouts one link has open at once (docs/decisions.md #60): a script opening sessions on a
 * public link is refused after this many, and each open one ends within CHECKOUT_SESSION_LIFETIME_SECONDS.
 */
export const OPEN_CHECKOUTS_PER_LINK = 50;

/**
 * The most Checkouts a link with places may have open at once (docs/decisions.md #115): its places, so a
 * ticket drop's first payers each get one, but never more than this, which keeps the link row's `holds` set, and so
 * every write of its place ledger, near 11 KB (11 write units; 90 writes a second within DynamoDB's per-item limit).
 */
export const OPEN_CHECKOUTS_PER_LIMITED_LINK = 500;

/**
 * The most Checkouts a link without a limit may have open at once (docs/decisions.md #168): as many as the
 * row's size allows a limited link, since each client address may hold only its share of them, so a flood from
 * a few addresses leaves the rest to real payers.
 */
export const OPEN_CHECKOUTS_PER_UNLIMITED_LINK = OPEN_CHECKOUTS_PER_LIMITED_LINK;

/** How many Checkouts this link may have open at once. */
export function openCheckoutCap(link: Pick<PaymentLinkRecord, 'maxPayments'>): number {
  if (link.maxPayments == null) return OPEN_CHECKOUTS_PER_UNLIMITED_LINK;
  return Math.max(OPEN_CHECKOUTS_PER_LINK, Math.min(link.maxPayments, OPEN_CHECKOUTS_PER_LIMITED_LINK));
}

export const CHECKOUT_BUSY_MESSAGE =
  'Too many people are paying on this link right now. Please try again in a few minutes.';

/** What the payer page says when the session could not be created. */
export const CHECKOUT_FAILED_MESSAGE = 'Error creating payment session. Please try again.';

const notAccepting = () => new HttpError(409, 'not_accepting_payments', LINK_NOT_ACCEPTING_MESSAGE);

/** The base amount: the link's own when fixed (whatever the browser sent), the payer's when open. */
function baseCentsFor(link: { amountCents: number | null; isOpenAmount: boolean }, requested: number | undefined) {
  if (!link.isOpenAmount && link.amountCents !== null) return link.amountCents;
  const parsed = paymentCentsSchema.safeParse(requested);
  if (!parsed.success) {
    const message = requested === undefined ? 'Please enter a valid amount' : parsed.error.issues[0]!.message;
    throw new HttpError(400, 'invalid_amount', message, { amount: message });
  }
  return parsed.data;
}

/**
 * Where Stripe sends the payer after paying: Paylink's success page, or the merchant's own https page with
 * our payment id appended (docs/decisions.md #54). That page does not settle the payment; the webhook and
 * the schedule do, as for any payer who closes the tab.
 */
function successUrlOf(link: { redirectUrl?: string | null }, paymentId: string, appOrigin: string): string {
  // A redirect saved before it was read as a browser reads it is checked again (docs/decisions.md #134):
  // one that no longer passes sends the payer to Paylink's own page rather than somewhere unexpected.
  const checked = link.redirectUrl ? checkRedirectUrl(link.redirectUrl) : null;
  if (!checked?.ok) return `${appOrigin}/payment-success?session_id={CHECKOUT_SESSION_ID}`;
  const url = new URL(checked.href);
  url.searchParams.set('payment_id', paymentId);
  return url.toString();
}

/** The link's questions as Checkout's `custom_fields`, and its phone collection; nothing when it has none. */
export function checkoutQuestionsOf(
  link: Partial<Pick<PaymentLinkRecord, 'customFields' | 'collectPhone'>>,
): Pick<CheckoutSessionRequest, 'custom_fields' | 'phone_number_collection'> {
  const fields = link.customFields ?? [];
  return {
    ...(fields.length > 0 && {
      custom_fields: fields.map((field) => ({
        key: field.key,
        type: field.type,
        label: { type: 'custom' as const, custom: field.label },
        optional: !field.required,
        ...(field.type === 'dropdown' && { dropdown: { options: field.options } }),
      })),
    }),
    ...(link.collectPhone && { phone_number_collection: { enabled: true } }),
  };
}

/**
 * Whether the payment's receipt will be in the tier that names the recipient: never for a link whose sales
 * carry no GST, whose receipt is no taxable supply information (docs/decisions.md #136).
 */
function needsPayerName(
  merchant: MerchantRecord,
  amounts: { baseCents: number; tipCents: number },
  link: { gstTreatment: GstTreatment },
): boolean {
  return paymentGst(merchant.tax, { ...amounts, gstTreatment: link.gstTreatment })?.tier === 'recipient';
}

/**
 * Base + tip from the stored link and the payer's choice: a preset by its place, or their own amount
 * (docs/decisions.md #205). A tip the link does not offer, or an own amount out of bounds, is refused.
 */
function amountsFor(link: PaymentLinkRecord, request: CheckoutRequest) {
  const baseCents = baseCentsFor(link, request.amount);
  const tip = chooseTip(baseCents, tipPresetsOf(link), request, link.currency);
  if (!tip.ok) throw new HttpError(400, 'invalid_tip', tip.message, { tip: tip.message });
  return { baseCents, tipCents: tip.tipCents, totalCents: baseCents + tip.tipCents, tipPercent: tip.tipPercent };
}

/**
 * Opens a Checkout for the payer at `clientAddress` (as the edge saw it: functions/http/client-address.ts),
 * within that address's share of the link (docs/decisions.md #168).
 */
export async function startCheckout(
  request: CheckoutRequest,
  clientAddress: string,
  deps: CheckoutDeps,
): Promise<CheckoutResponse> {
  const { link, merchant } = await payableLink(request.linkId, deps);
  // Read afresh here whatever the payer page showed (it is cached for a minute): docs/decisions.md #53.
  if (isLinkExpired(link, deps.now)) throw linkExpired(link);
  if (!canTakePayments(merchant, deps.now)) throw notAccepting();

  const amounts = amountsFor(link, request);
  if (amounts.totalCents > PAYMENT_MAX_CENTS) {
    throw new HttpError(400, 'invalid_amount', AMOUNT_TOO_LARGE_MESSAGE, { amount: AMOUNT_TOO_LARGE_MESSAGE });
  }
  const productFeeCents = shareOfCents(amounts.totalCents, PRODUCT_FEE_BASIS_POINTS);
  const schedule = repeatOf(link);
  const paymentId = newPaymentId();
  // A place first (docs/decisions.md #58, #60): a refused payer leaves no payment and no Stripe session. The
  // link as just read refuses without a write when it is already full (docs/decisions.md #115): in a
  // ticket drop every later payer would otherwise spend a refused write, billed at the row's size, on the one
  // item the sales themselves need. The conditional write still decides every place it lets through.
  // One client address holds only its share of the link (docs/decisions.md #168): refused from a read when
  // already full, and counted once its place is taken, so payers racing for the last place hear "sold out".
  const openCap = openCheckoutCap(link);
  const clientKey = clientKeyOf(clientAddress);
  if (isSoldOut(link)) throw soldOutRefusal(link);
  if ((link.holds?.size ?? 0) >= openCap) throw new HttpError(429, 'checkout_busy', CHECKOUT_BUSY_MESSAGE);
  const clientRecord = await assertClientUnderShare(link, clientKey, deps);
  const place = await deps.places.take(link, paymentId, openCap);
  // The last place went in the moment since the read, to another payer's Checkout: held, as the words say.
  if (place === 'sold_out') throw soldOutRefusal({ ...link, placesTaken: link.maxPayments ?? 0 });
  if (place === 'busy') throw new HttpError(429, 'checkout_busy', CHECKOUT_BUSY_MESSAGE);
  try {
    await claimClientShare(link, clientKey, paymentId, deps, clientRecord);
  } catch (error) {
    await deps.places.release(link.linkId, paymentId);
    throw error;
  }
  const createdAt = deps.now.toISOString();
  const payment: PaymentRecord = {
    paymentId,
    merchantId: merchant.merchantId,
    // The link as it is now (its title, reference, thank-you, expiry): a later edit does not rewrite a payment.
    ...linkSnapshotOf(link),
    stripeAccountId: merchant.stripeAccountId!,
    baseCents: amounts.baseCents,
    tipCents: amounts.tipCents,
    totalCents: amounts.totalCents,
    tipPercent: amounts.tipPercent,
    productFeeCents,
    // Open while the payer is on Stripe's page: not a pending payment until money is on its way
    // (docs/decisions.md #30). It still carries the pending indexes' keys so the schedule re-checks it.
    status: 'open',
    statusRank: STATUS_RANK.open,
    receiptsSent: 0,
    createdAt,
    updatedAt: createdAt,
    pendingShard: pendingShardOf(paymentId),
    pendingSince: createdAt,
    // Due at the schedule's next run: a webhook normally lands well before it, and then this is gone.
    reverifyAt: createdAt,
    ...(schedule && { recurringTerms: repeatPriceWords(amounts.baseCents, link.currency, schedule) }),
    // Checked only when the payment succeeds (payment-requests.ts): a stray id marks nothing.
    ...(request.requestId && { requestId: request.requestId }),
  };
  try {
    await deps.payments.create(payment);
  } catch (error) {
    await deps.places.release(link.linkId, paymentId);
    throw error;
  }
  deps.telemetry.appendPaymentKeys(payment);

  const metadata = {
    paymentId,
    linkId: link.linkId,
    merchantId: merchant.merchantId,
    ...(request.requestId && { requestId: request.requestId }),
  };
  const lineItem = (name: string, cents: number) => ({
    quantity: 1,
    price_data: { currency: link.currency, unit_amount: cents, product_data: { name } },
  });
  // A recurring link's Checkout is a subscription on the same account (docs/decisions.md #154).
  const sold = schedule
    ? recurringSessionParts({ ...link, tipPercent: amounts.tipPercent }, schedule, amounts, {
        ...metadata,
        repeat: repeatMetadataOf(schedule),
      })
    : {
        mode: 'payment' as const,
        line_items: [
          lineItem(link.title, amounts.baseCents),
          ...(amounts.tipCents > 0 ? [lineItem(tipLineName(amounts.tipPercent), amounts.tipCents)] : []),
        ],
        payment_intent_data: { application_fee_amount: productFeeCents, metadata },
        metadata,
      };
  const requestedEmail = await requestPayerEmail(request.requestId, link.linkId, deps);
  let session: StripeCheckoutSession;
  try {
    session = await deps.stripe.checkout.sessions.create(
      {
        ...sold,
        // The payer a request was emailed to finds their address already on Checkout's form.
        ...(requestedEmail && { customer_email: requestedEmail }),
        // Over $1,000 a registered merchant's receipt must name the payer (docs/decisions.md #64).
        ...(needsPayerName(merchant, amounts, link) && {
          name_collection: { individual: { enabled: true, optional: false } },
        }),
        // The merchant's questions and the phone number, asked and answered on Checkout (docs/decisions.md #76).
        ...checkoutQuestionsOf(link),
        client_reference_id: paymentId,
        // Short-lived, so an abandoned checkout ends (and frees its place) in half an hour, not Stripe's
        // default 24 hours; Stripe's minimum is 30 minutes, so 31 leaves room for clock skew (#59).
        expires_at: Math.floor(deps.now.getTime() / 1000) + CHECKOUT_SESSION_LIFETIME_SECONDS,
        success_url: successUrlOf(link, paymentId, deps.appOrigin),
        // Stripe fills in the session id on the success URL only; the cancel URL names our own payment.
        cancel_url: `${deps.appOrigin}/payment-canceled?payment_id=${paymentId}`,
      },
      // A retried request (ours or the SDK's) makes the same one session for this payment.
      { stripeAccount: payment.stripeAccountId, idempotencyKey: paymentId },
    );
  } catch (error) {
    await deps.payments.advance(payment, 'failed', {}, deps.now);
    await deps.places.release(link.linkId, paymentId);
    // The account could not take this payment after all (e.g. Stripe restricted it since it connected).
    if ((error as StripeFailure)?.code === 'account_invalid') throw notAccepting();
    // Any other refusal or outage: the payer can only try again; Stripe's words go to the log.
    throw asStripeFailure(error, () => CHECKOUT_FAILED_MESSAGE, deps.telemetry);
  }
  await deps.payments.attachCheckoutSession(paymentId, session.id);
  deps.telemetry.appendLogKeys({ checkoutSessionId: session.id });
  deps.telemetry.countCheckoutStarted(payment);
  deps.telemetry.log.info('Checkout started', { totalCents: amounts.totalCents, currency: link.currency });
  if (!session.url) throw new Error('Stripe returned a Checkout session without a URL');
  return { url: session.url, paymentId };
}

/**
 * The address a payment request was emailed to, when the payer comes from that request (its id rides in the
 * email's link, docs/decisions.md #80) and it is still owed on this link; nothing otherwise, and Checkout asks.
 */
async function requestPayerEmail(
  requestId: string | undefined,
  linkId: string,
  deps: Pick<CheckoutDeps, 'requests'>,
): Promise<string | undefined> {
  if (!requestId) return undefined;
  const sent = await deps.requests.get(requestId);
  const owed = sent?.linkId === linkId && (sent.status === 'sent' || sent.status === 'reminded');
  return owed ? sent.payerEmail : undefined;
}
