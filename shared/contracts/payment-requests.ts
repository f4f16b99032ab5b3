import * as z from 'zod/mini';
import { plainTextSchema } from '../plain-text';
import { REQUEST_ID_PATTERN } from '../payer-link-params';
import { LINK_TITLE_MAX, absentAsNull, emptyAsNull, linkIdSchema, paymentCentsSchema } from './payment-links';

/**
 * Payment requests (docs/decisions.md #79): the merchant emails one payer a request to pay a link (or a
 * one-off amount), optionally with one reminder after some days unless paid.
 */
export const REQUEST_NOTE_MAX = 500;
export const REQUEST_PAYER_NAME_MAX = 100;
export const REMINDER_DAYS_MIN = 1;
export const REMINDER_DAYS_MAX = 30;
/** Requests one merchant may send per day (their own calendar day): enough for a busy trade, not a spam run. */
export const REQUESTS_PER_DAY = 50;

export const requestIdSchema = z.string().check(z.regex(REQUEST_ID_PATTERN, 'Payment request not found'));

export const REQUEST_EMAIL_REQUIRED_MESSAGE = "Enter the customer's email address.";
export const REQUEST_EMAIL_INVALID_MESSAGE = 'Enter a valid email address, like name@example.co.nz.';
export const REMINDER_DAYS_MESSAGE = `Choose a reminder from ${REMINDER_DAYS_MIN} to ${REMINDER_DAYS_MAX} days.`;
export const REQUEST_TITLE_MESSAGE = 'Say what the payment is for.';
export const REQUEST_AMOUNT_MESSAGE = 'Amount is required';
export const REQUEST_LIMIT_MESSAGE = `You have sent ${REQUESTS_PER_DAY} payment requests today, the most Paylink sends in a day. You can send more tomorrow.`;
/**
 * Requests a merchant still on the trial may send a day (docs/decisions.md #174): a trial costs nothing to
 * start, so it is where a phishing run would begin; ten covers a trade's first days.
 */
export const TRIAL_REQUESTS_PER_DAY = 10;
export const TRIAL_REQUEST_LIMIT_MESSAGE = `You have sent ${TRIAL_REQUESTS_PER_DAY} payment requests today, the most Paylink sends in a day during the free trial (${REQUESTS_PER_DAY} once you subscribe). You can send more tomorrow.`;
/** The recipient used the email's unsubscribe or report link (docs/decisions.md #175). */
export const RECIPIENT_UNSUBSCRIBED_MESSAGE =
  'This customer asked not to get payment requests from you, so Paylink will not email them one. Share the payment link with them another way.';
/** SES said the address bounced for good: it does not exist or accepts no mail (docs/decisions.md #201). */
export const RECIPIENT_BOUNCED_MESSAGE =
  "Email to this address bounced: the customer's mail server says it does not exist or takes no mail, so Paylink will not email it again. Check the address with your customer, or share the payment link another way.";
/** The recipient marked an email from the business as spam in their mail app (#201). */
export const RECIPIENT_COMPLAINED_MESSAGE =
  'This customer marked an earlier email from you as spam, so Paylink will not email them payment requests. Share the payment link with them another way.';
/** A recipient reported the business's requests; an operator looks before they start again (#175). */
export const REQUESTS_PAUSED_MESSAGE =
  'Payment requests are paused on your account because a recipient reported one as suspicious. Contact Paylink support to have them reviewed; your payment links keep working.';

/** Sent → Reminded → Paid, or Cancelled (final); never back (docs/decisions.md #80). */
export const requestStatusSchema = z.enum(['sent', 'reminded', 'paid', 'cancelled']);
export type RequestStatus = z.infer<typeof requestStatusSchema>;

const optionalText = (max: number, multiline = false) =>
  emptyAsNull(
    z.pipe(plainTextSchema({ multiline }), z.string().check(z.maxLength(max, `Use at most ${max} characters.`))),
  );

/**
 * POST /api/me/requests — "Send to a customer". From a link (`linkId`; an open-amount link may be given
 * an amount, which the payer page shows filled in) or a one-off amount (`title` and `amountCents`).
 */
export const sendPaymentRequestSchema = z
  .object({
    linkId: absentAsNull(linkIdSchema),
    title: optionalText(LINK_TITLE_MAX),
    amountCents: absentAsNull(paymentCentsSchema),
    payerEmail: z.pipe(
      z
        .string(REQUEST_EMAIL_REQUIRED_MESSAGE)
        .check(
          z.trim(),
          z.toLowerCase(),
          z.minLength(1, REQUEST_EMAIL_REQUIRED_MESSAGE),
          z.maxLength(254, REQUEST_EMAIL_INVALID_MESSAGE),
        ),
      z.email(REQUEST_EMAIL_INVALID_MESSAGE),
    ),
    payerName: optionalText(REQUEST_PAYER_NAME_MAX),
    note: optionalText(REQUEST_NOTE_MAX, true),
    /** One reminder this many days after sending, unless paid or cancelled; null for none. */
    reminderDays: absentAsNull(
      z
        .number(REMINDER_DAYS_MESSAGE)
        .check(
          z.int(REMINDER_DAYS_MESSAGE),
          z.minimum(REMINDER_DAYS_MIN, REMINDER_DAYS_MESSAGE),
          z.maximum(REMINDER_DAYS_MAX, REMINDER_DAYS_MESSAGE),
        ),
    ),
  })
  .check(
    z.superRefine((request, context) => {
      if (request.linkId) return;
      if (!request.title) context.addIssue({ code: 'custom', path: ['title'], message: REQUEST_TITLE_MESSAGE });
      if (request.amountCents === null) {
        context.addIssue({ code: 'custom', path: ['amountCents'], message: REQUEST_AMOUNT_MESSAGE });
      }
    }),
  );
export type SendPaymentRequestInput = z.input<typeof sendPaymentRequestSchema>;
export type SendPaymentRequest = z.output<typeof sendPaymentRequestSchema>;

/** A request as the merchant's Requests screen shows it. */
export const paymentRequestSchema = z.object({
  requestId: z.string(),
  linkId: z.string(),
  /** The link's title when sent, or the one-off amount's "what for". */
  title: z.string(),
  /** True for a one-off amount (its link is Paylink's own, hidden from the links list). */
  oneOff: z.boolean(),
  payerEmail: z.string(),
  payerName: z.nullable(z.string()),
  note: z.nullable(z.string()),
  /** Cents; null for an open-amount link the merchant left for the payer to fill in. */
  amountCents: z.nullable(z.number().check(z.int())),
  currency: z.string(),
  status: requestStatusSchema,
  reminderDays: z.nullable(z.number().check(z.int())),
  /** When the reminder is due, while it still may go. */
  remindAt: z.nullable(z.string()),
  createdAt: z.string(),
  remindedAt: z.nullable(z.string()),
  /** Why the reminder was given up unsent (the mail service refused the address, or kept failing). */
  reminderFailure: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  /** The payment that paid it. */
  paymentId: z.nullable(z.string()),
  /** The Pay button's address in the email. */
  payUrl: z.string(),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

export const paymentRequestListSchema = z.object({ requests: z.array(paymentRequestSchema) });
export type PaymentRequestList = z.infer<typeof paymentRequestListSchema>;
