/**
 * What the monitoring reads and where it points: the runbook's sections, Paylink's own metrics, the alarm
 * thresholds, and the CloudWatch metrics of the HTTP API and of Paylink's log lines.
 */
import { Duration } from 'aws-cdk-lib';
import { MathExpression, Metric, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { RouteAuth } from '@functions/function-spec';
import type { CatalogFunction } from '../catalog-function';
import { ROUTE_GROUPS } from '../paylink-http-api';

/** The runbook every alarm description points into (anchors are its section headings). */
export const RUNBOOK = 'docs/runbook.md';
export const RUNBOOK_SECTIONS = {
  deadLetters: 'dead-letters',
  functionErrors: 'function-errors',
  throttling: 'throttling',
  api5xx: 'api-5xx-rate',
  pendingPayments: 'payments-pending-over-an-hour',
  settlementLag: 'settlement-lag',
  signatureFailures: 'webhook-signature-failures',
  stuckCounts: 'counts-or-seals-failing',
  authorizerErrors: 'authorizer-errors',
  realtimeErrors: 'realtime-errors',
  cloudFront5xx: 'cloudfront-5xx-rate',
  mailReputation: 'ses-bounce-or-complaint-rate',
  scheduleStopped: 'schedule-not-running',
} as const;
export const runbook = (section: string) => `${RUNBOOK}#${section}`;

/** Paylink's own metrics (functions/adapters/observability.ts BUSINESS_METRICS; a test keeps the two lists equal). */
export const PAYLINK_NAMESPACE = 'Paylink';
export const PAYLINK_METRICS = [
  'CheckoutsStarted',
  'PaymentsSucceeded',
  'PaymentsFailed',
  'PaymentsExpired',
  'SettledRevenueCents',
  'RefundedCents',
  'SettlementLagMs',
  'WebhookEventsReceived',
  'WebhookSignatureFailures',
  'DuplicateEventsIgnored',
  'AnomaliesRefused',
  'ReverificationRecoveries',
  'OldestStuckPendingAgeMs',
  'DeadLetters',
  'CountRetries',
  'StuckCounts',
] as const;
export type PaylinkMetric = (typeof PAYLINK_METRICS)[number];

/** Thresholds, each explained in its runbook section. */
export const ALARM_THRESHOLDS = {
  /** Errors of one function in 5 minutes: one is a blip Lambda retries; a few in a row is a fault. */
  functionErrors: 3,
  /** Throttled invocations of one function in 5 minutes. */
  functionThrottles: 1,
  /** API 5xx as a percentage of requests over 5 minutes, once there are enough requests to mean something. */
  api5xxPercent: 5,
  api5xxMinimumRequests: 20,
  /** A payment Stripe has finished with, still pending here. */
  stuckPendingMs: 60 * 60 * 1000,
  /** Stripe event created → payment settled, p99. */
  settlementLagP99Ms: 5 * 60 * 1000,
  /** Refused webhook signatures in 5 minutes. */
  signatureFailures: 10,
  /** WebSocket integration and execution errors (a push or connect that failed on our side) in 5 minutes. */
  realtimeErrors: 5,
  /** CloudFront 5xx as a percentage of its requests over 5 minutes, once there are enough requests. */
  cloudFront5xxPercent: 5,
  cloudFront5xxMinimumRequests: 20,
  /**
   * SES's account reputation, as fractions: AWS puts an account under review at a 5% bounce rate and
   * 0.1% complaint rate (and may pause its sending at 10% and 0.5%), so these page before review.
   */
  sesBounceRate: 0.04,
  sesComplaintRate: 0.0008,
  /** A schedule alarms when its function ran not once in this many of its periods. */
  scheduleMissedPeriods: 3,
} as const;

export const FIVE_MINUTES = Duration.minutes(5);

/** One of Paylink's own metrics (embedded metric format: dimensions `service` and `stage`). */
export function paylinkMetric(stage: string, name: PaylinkMetric, statistic: string, label?: string): Metric {
  return new Metric({
    namespace: PAYLINK_NAMESPACE,
    metricName: name,
    dimensionsMap: { service: 'paylink', stage },
    statistic,
    period: FIVE_MINUTES,
    label: label ?? name,
  });
}

/** An HTTP API metric, of the whole API or of one route (detailed metrics). */
export function apiMetric(apiId: string, metricName: string, statistic: string, route?: string): Metric {
  return new Metric({
    namespace: 'AWS/ApiGateway',
    metricName,
    dimensionsMap: { ApiId: apiId, Stage: '$default', ...(route && { Route: route }) },
    statistic,
    period: FIVE_MINUTES,
    label: route ? `${metricName} ${route}` : metricName,
  });
}

/** The sum of one metric over a group's routes. */
export function groupSum(apiId: string, metricName: string, routes: string[], label: string): IMetric {
  // Ids are per graph: prefixed by the metric, so a graph can sum several metrics over the same routes.
  const prefix = `${metricName.replace(/[^A-Za-z]/g, '').toLowerCase() || 'm'}${metricName.replace(/[^0-9]/g, '')}`;
  const id = (index: number) => `${prefix}r${index}`;
  const usingMetrics = Object.fromEntries(
    routes.map((route, index) => [id(index), apiMetric(apiId, metricName, 'Sum', route)]),
  );
  return new MathExpression({
    expression: routes.length ? routes.map((_, index) => `FILL(${id(index)}, 0)`).join(' + ') : '0',
    usingMetrics,
    label,
    period: FIVE_MINUTES,
  });
}

/** Every catalogue route key, by its group (ROUTE_GROUPS). */
export function routesByGroup(functions: readonly CatalogFunction[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const auth of Object.keys(ROUTE_GROUPS) as RouteAuth[]) groups.set(ROUTE_GROUPS[auth].group, []);
  for (const fn of functions) {
    for (const route of fn.spec.routes ?? []) {
      groups.get(ROUTE_GROUPS[route.auth].group)!.push(`${route.method} ${route.path}`);
    }
  }
  return groups;
}
