/**
 * The one logger and the one metrics emitter every function uses (AWS Lambda Powertools): JSON lines on
 * stdout, which Lambda sends to the function's log group and CloudWatch turns into metrics (the embedded
 * metric format). The local runtime runs the same handlers in one process, so the same lines appear in the
 * `npm start` console.
 *
 * Each invocation gets its own child logger (AsyncLocalStorage): the local runtime runs many invocations
 * at once in one process, and one payment's ids must never leak onto another request's lines. Keys added
 * with `appendLogKeys` last for the invocation only.
 *
 * What may never be logged — secrets, tokens, card numbers, full payer emails — is also scrubbed from
 * every line by `redact`, as a last line of defence behind simply not logging them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import type { LogKeys, Telemetry } from '../domain/telemetry';

/** CloudWatch namespace of Paylink's own metrics; the stack's dashboard and alarms read it. */
export const METRICS_NAMESPACE = 'Paylink';
export const SERVICE_NAME = 'paylink';
/** Set by the stack on every function; `local` in the local runtime. Low-cardinality metric dimension. */
export const STAGE_ENV = 'PAYLINK_STAGE';
const stage = process.env[STAGE_ENV] ?? 'local';

/** The business metrics (names as CloudWatch shows them); monitoring.ts builds widgets and alarms from these. */
export const BUSINESS_METRICS = {
  checkoutsStarted: 'CheckoutsStarted',
  paymentsSucceeded: 'PaymentsSucceeded',
  paymentsFailed: 'PaymentsFailed',
  paymentsExpired: 'PaymentsExpired',
  settledRevenueCents: 'SettledRevenueCents',
  refundedCents: 'RefundedCents',
  settlementLagMs: 'SettlementLagMs',
  webhookEventsReceived: 'WebhookEventsReceived',
  webhookSignatureFailures: 'WebhookSignatureFailures',
  duplicatesIgnored: 'DuplicateEventsIgnored',
  anomaliesRefused: 'AnomaliesRefused',
  reverificationRecoveries: 'ReverificationRecoveries',
  oldestStuckPendingAgeMs: 'OldestStuckPendingAgeMs',
  deadLetters: 'DeadLetters',
  countRetries: 'CountRetries',
  stuckCounts: 'StuckCounts',
} as const;
export type BusinessMetric = (typeof BUSINESS_METRICS)[keyof typeof BUSINESS_METRICS];
/** The only extra dimension: Stripe's event type on WebhookEventsReceived (a few dozen values at most). */
export const EVENT_TYPE_DIMENSION = 'eventType';

/** Ids that tell one payment's story: the domain's port declares them (domain/telemetry.ts). */
export type { LogKeys };

/** `jane.doe@example.com` → `j***@example.com`: enough to tell payers apart in a log, not enough to mail them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const SECRET_PATTERNS: RegExp[] = [
  /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]+/g, // Stripe API keys
  /\bwhsec_[A-Za-z0-9]+/g, // Stripe webhook secrets
  /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi, // Authorization headers
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+/g, // JWTs (Cognito tokens, magic-link tokens)
];
/** 13–19 digits, maybe grouped by spaces or dashes: a card number if its Luhn check holds. */
const PAN_CANDIDATE = /\b(?:\d[ -]?){12,18}\d\b/g;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}
const SECRET_KEYS = /secret|password|token|authorization|cookie|signature|card_?number|cvc/i;

/** Scrubs one string: secrets, tokens and card numbers go, emails are masked. */
export function redactText(text: string): string {
  let out = text;
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, '[redacted]');
  out = out.replace(PAN_CANDIDATE, (match) => (passesLuhn(match.replace(/\D/g, '')) ? '[redacted]' : match));
  return out.replace(EMAIL, (email) => maskEmail(email));
}

/** JSON replacer for every log line: values under secret-sounding keys go whole, strings are scrubbed. */
function redact(key: string, value: unknown): unknown {
  if (key && SECRET_KEYS.test(key) && value !== null && typeof value !== 'object') return '[redacted]';
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'bigint') return value.toString();
  return value;
}

const rootLogger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? SERVICE_NAME,
  persistentKeys: { stage },
  jsonReplacerFn: redact,
});

/**
 * Raises or lowers every later invocation's level (each takes a child of the root logger). In Lambda the
 * level is Lambda's own setting (AWS_LAMBDA_LOG_LEVEL); test runs keep INFO lines quiet and a test that
 * reads them raises the level for itself.
 */
export function setLogLevel(level: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR'): void {
  rootLogger.setLogLevel(level);
}

const metrics = new Metrics({
  namespace: METRICS_NAMESPACE,
  serviceName: SERVICE_NAME,
  defaultDimensions: { stage },
});

interface Invocation {
  logger: Logger;
  /** When the Stripe event this invocation applies was created (ms): settlement lag is measured from it. */
  stripeEventCreatedMs?: number;
}
const invocations = new AsyncLocalStorage<Invocation>();

function current(): Invocation | undefined {
  return invocations.getStore();
}

/** The invocation's logger (outside any invocation, e.g. at module load, the root one). */
function logger(): Logger {
  return current()?.logger ?? rootLogger;
}

/** Leveled logging through the invocation's logger; `extra` becomes top-level JSON keys. */
export const log = {
  debug: (message: string, extra: Record<string, unknown> = {}) => logger().debug(message, extra),
  info: (message: string, extra: Record<string, unknown> = {}) => logger().info(message, extra),
  warn: (message: string, extra: Record<string, unknown> = {}) => logger().warn(message, extra),
  /** An `error` key holding an Error is logged with its name, message and stack. */
  error: (message: string, extra: Record<string, unknown> = {}) => logger().error(message, extra),
};

/** Adds ids to every later line of this invocation (undefined values are skipped). */
export function appendLogKeys(keys: LogKeys): void {
  const defined = Object.fromEntries(Object.entries(keys).filter(([, value]) => value !== undefined && value !== ''));
  if (Object.keys(defined).length > 0) logger().appendKeys(defined);
}

/** The ids of a payment record (or anything shaped like one) onto this invocation's lines. */
export function appendPaymentKeys(payment: { paymentId?: string; merchantId?: string; linkId?: string }): void {
  appendLogKeys({ paymentId: payment.paymentId, merchantId: payment.merchantId, linkId: payment.linkId });
}

/** A Stripe event's id and type onto this invocation's lines; its creation time is kept for the lag metric. */
export function appendStripeEventKeys(event: {
  id: string;
  type: string;
  created?: number;
  account?: string | null;
}): void {
  appendLogKeys({ stripeEventId: event.id, stripeEventType: event.type, stripeAccountId: event.account ?? undefined });
  const invocation = current();
  if (invocation && typeof event.created === 'number') invocation.stripeEventCreatedMs = event.created * 1000;
}

/**
 * Runs a handler as one observed invocation: a child logger with the Lambda context (function name,
 * request id, cold start) and its own keys. Every entry point wraps its handler in this.
 */
export function observed<E, R>(
  handler: (event: E, context?: Context) => Promise<R>,
): (event: E, context?: Context) => Promise<R> {
  return (event, context) => {
    const child = rootLogger.createChild();
    if (context) child.addContext(context);
    return invocations.run({ logger: child }, () => handler(event, context));
  };
}

export interface MetricOptions {
  /** Extra dimensions: only low-cardinality values (every combination is a billed metric). */
  dimensions?: Record<string, string>;
  /** High-cardinality context kept in the EMF line (searchable in Logs Insights, not a dimension). */
  metadata?: Record<string, string | number | undefined>;
}

/**
 * One metric, emitted at once as its own EMF line: nothing is lost if the invocation later fails, and
 * concurrent invocations in the local runtime cannot mix their metrics.
 */
export function emitMetric(
  name: BusinessMetric,
  value: number,
  unit: (typeof MetricUnit)[keyof typeof MetricUnit] = MetricUnit.Count,
  options: MetricOptions = {},
): void {
  const single = metrics.singleMetric();
  for (const [key, dimension] of Object.entries(options.dimensions ?? {})) single.addDimension(key, dimension);
  for (const [key, entry] of Object.entries(options.metadata ?? {})) {
    if (entry !== undefined) single.addMetadata(key, typeof entry === 'string' ? redactText(entry) : String(entry));
  }
  single.addMetric(name, unit, value);
}

/** The payment ids as EMF metadata, so a metric line can be found by payment in Logs Insights. */
function paymentMetadata(payment: { paymentId: string; merchantId: string; linkId?: string }) {
  return { paymentId: payment.paymentId, merchantId: payment.merchantId, linkId: payment.linkId };
}

/** A payer pressed Pay and a Checkout session was created. */
export function countCheckoutStarted(payment: { paymentId: string; merchantId: string; linkId: string }): void {
  emitMetric(BUSINESS_METRICS.checkoutsStarted, 1, MetricUnit.Count, { metadata: paymentMetadata(payment) });
}

/**
 * A payment reached a final status (called once, by the write that moved it): the outcome count, the
 * revenue when it succeeded, and the lag from the Stripe event that told us (when one did).
 */
export function countSettlement(
  payment: { paymentId: string; merchantId: string; linkId?: string; totalCents: number },
  status: 'succeeded' | 'failed' | 'expired' | string,
  now: Date,
): void {
  const metadata = { ...paymentMetadata(payment), status };
  const byStatus: Record<string, BusinessMetric> = {
    succeeded: BUSINESS_METRICS.paymentsSucceeded,
    failed: BUSINESS_METRICS.paymentsFailed,
    expired: BUSINESS_METRICS.paymentsExpired,
  };
  const outcome = byStatus[status];
  if (!outcome) return;
  emitMetric(outcome, 1, MetricUnit.Count, { metadata });
  if (status !== 'succeeded') return;
  emitMetric(BUSINESS_METRICS.settledRevenueCents, payment.totalCents, MetricUnit.Count, { metadata });
  const eventCreatedMs = current()?.stripeEventCreatedMs;
  if (eventCreatedMs !== undefined) {
    emitMetric(BUSINESS_METRICS.settlementLagMs, Math.max(0, now.getTime() - eventCreatedMs), MetricUnit.Milliseconds, {
      metadata,
    });
  }
}

/**
 * For the refund code: call once when a refund is first counted (pending or succeeded), with its amount
 * in cents; a refund that later fails or is canceled gives its amount back with a negative `cents`.
 * Shown beside settled revenue on the dashboard.
 */
export function countRefund(cents: number, payment?: { paymentId: string; merchantId: string }): void {
  emitMetric(BUSINESS_METRICS.refundedCents, cents, MetricUnit.Count, {
    metadata: payment && paymentMetadata(payment),
  });
}

/** Stripe delivered a correctly signed event (by type: a low-cardinality dimension). */
export function countWebhookEvent(eventType: string): void {
  emitMetric(BUSINESS_METRICS.webhookEventsReceived, 1, MetricUnit.Count, {
    dimensions: { [EVENT_TYPE_DIMENSION]: eventType },
  });
}

/** A webhook request whose signature was missing, wrong or stale. A spike is a forgery attempt or a rotated secret. */
export function countWebhookSignatureFailure(reason: string): void {
  emitMetric(BUSINESS_METRICS.webhookSignatureFailures, 1, MetricUnit.Count, { metadata: { reason } });
}

/** A redelivered or replayed event that was already applied. */
export function countDuplicateIgnored(consumer: string, eventId: string): void {
  emitMetric(BUSINESS_METRICS.duplicatesIgnored, 1, MetricUnit.Count, {
    metadata: { consumer, stripeEventId: eventId },
  });
}

/** Something refused as not to be trusted: a forged, misrouted, malformed or mispriced event. */
export function countAnomaly(reason: string): void {
  emitMetric(BUSINESS_METRICS.anomaliesRefused, 1, MetricUnit.Count, { metadata: { reason } });
}

/** Re-verification settled a payment whose webhook had not (yet) done so. */
export function countReverificationRecovery(payment: { paymentId: string; merchantId: string }, status: string): void {
  emitMetric(BUSINESS_METRICS.reverificationRecoveries, 1, MetricUnit.Count, {
    metadata: { ...paymentMetadata(payment), status },
  });
}

/**
 * The schedule's gauge: how long the oldest payment Stripe has finished with (or that could not be
 * checked) has stayed pending in Paylink; 0 when none. Payments a payer is still paying are not counted.
 */
export function gaugeOldestStuckPending(ageMs: number): void {
  emitMetric(BUSINESS_METRICS.oldestStuckPendingAgeMs, Math.max(0, ageMs), MetricUnit.Milliseconds);
}

/** A count or a seal failed and waits for its next attempt, later than the one before. */
export function countCountRetry(
  kind: 'count' | 'seal',
  ids: { merchantId: string; paymentId?: string; day?: string },
): void {
  emitMetric(BUSINESS_METRICS.countRetries, 1, MetricUnit.Count, { metadata: { kind, ...ids } });
}

/** The schedule's gauge: counts and seals that have failed three times or more and still wait. */
export function gaugeStuckCounts(records: number): void {
  emitMetric(BUSINESS_METRICS.stuckCounts, Math.max(0, records), MetricUnit.Count);
}

/** An event kept as a dead letter after its retries (the local bus; in the cloud, the DLQ depth alarms). */
export function countDeadLetter(functionName: string, eventId: string): void {
  emitMetric(BUSINESS_METRICS.deadLetters, 1, MetricUnit.Count, { metadata: { functionName, eventId } });
}

/** This module as the domain's telemetry port: what the domain reports, written as Powertools logs and EMF metrics. */
export const telemetry: Telemetry = {
  log,
  appendLogKeys,
  appendPaymentKeys,
  appendStripeEventKeys,
  countCheckoutStarted,
  countSettlement,
  countRefund,
  countDuplicateIgnored,
  countAnomaly,
  countReverificationRecovery,
  gaugeOldestStuckPending,
  countCountRetry,
  gaugeStuckCounts,
};

export { MetricUnit };
