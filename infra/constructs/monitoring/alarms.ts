/** What pages an operator: each alarm with its threshold and the runbook section its description names. */
import { Duration } from 'aws-cdk-lib';
import { ComparisonOperator, MathExpression, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { CatalogFunction } from '../catalog-function';
import type { EventRouting } from '../event-routing';
import { ALARM_THRESHOLDS, FIVE_MINUTES, RUNBOOK_SECTIONS, apiMetric, paylinkMetric } from './metrics';

export interface AlarmRequest {
  metric: IMetric;
  threshold: number;
  section: string;
  what: string;
  evaluationPeriods?: number;
  datapointsToAlarm?: number;
  comparisonOperator?: ComparisonOperator;
  /** Missing data is no trouble (a quiet night) unless the alarm says otherwise. */
  treatMissingData?: TreatMissingData;
}

/** Makes one alarm (named from `id`) that notifies the alarm topic. */
export type RaiseAlarm = (id: string, request: AlarmRequest) => void;

export function functionAlarms(alarm: RaiseAlarm, functions: readonly CatalogFunction[]) {
  for (const { spec, function: fn, node } of functions) {
    alarm(`${node.id}Errors`, {
      metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: ALARM_THRESHOLDS.functionErrors,
      section: RUNBOOK_SECTIONS.functionErrors,
      what: `${spec.name} failed ${ALARM_THRESHOLDS.functionErrors} or more times in 5 minutes.`,
    });
    alarm(`${node.id}Throttles`, {
      metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: ALARM_THRESHOLDS.functionThrottles,
      section: RUNBOOK_SECTIONS.throttling,
      what: `Lambda throttled ${spec.name} (concurrency exhausted).`,
    });
  }
}

export function deadLetterAlarms(alarm: RaiseAlarm, events: EventRouting) {
  for (const [name, queue] of events.deadLetterQueues as Map<string, Queue>) {
    alarm(`${queue.node.id}Depth`, {
      metric: queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
      threshold: 1,
      section: RUNBOOK_SECTIONS.deadLetters,
      what: `An event for ${name} failed after every retry and waits in its dead-letter queue.`,
    });
  }
}

export function apiAlarm(alarm: RaiseAlarm, apiId: string) {
  alarm('Api5xxRate', {
    metric: new MathExpression({
      expression: `IF(requests >= ${ALARM_THRESHOLDS.api5xxMinimumRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { requests: apiMetric(apiId, 'Count', 'Sum'), errors: apiMetric(apiId, '5xx', 'Sum') },
      label: '5xx %',
      period: FIVE_MINUTES,
    }),
    threshold: ALARM_THRESHOLDS.api5xxPercent,
    section: RUNBOOK_SECTIONS.api5xx,
    what: `More than ${ALARM_THRESHOLDS.api5xxPercent}% of API requests answered 5xx over 5 minutes.`,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
  });
}

export function businessAlarms(alarm: RaiseAlarm, stage: string) {
  alarm('PaymentsPendingOverAnHour', {
    metric: paylinkMetric(stage, 'OldestStuckPendingAgeMs', 'Maximum'),
    threshold: ALARM_THRESHOLDS.stuckPendingMs,
    section: RUNBOOK_SECTIONS.pendingPayments,
    what: 'A payment Stripe has finished with (or that cannot be checked) has been pending in Paylink for more than an hour.',
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
  });
  alarm('SettlementLag', {
    metric: paylinkMetric(stage, 'SettlementLagMs', 'p99'),
    threshold: ALARM_THRESHOLDS.settlementLagP99Ms,
    section: RUNBOOK_SECTIONS.settlementLag,
    what: 'Settlement lag p99 (Stripe event created → payment settled) above 5 minutes in 2 of the last 3 periods.',
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
  });
  alarm('StuckCounts', {
    metric: paylinkMetric(stage, 'StuckCounts', 'Maximum'),
    threshold: 1,
    section: RUNBOOK_SECTIONS.stuckCounts,
    what: 'A stats count or a day seal has failed three times or more and is still waiting for its next attempt.',
  });
  alarm('WebhookSignatureFailures', {
    metric: paylinkMetric(stage, 'WebhookSignatureFailures', 'Sum'),
    threshold: ALARM_THRESHOLDS.signatureFailures,
    section: RUNBOOK_SECTIONS.signatureFailures,
    what: `${ALARM_THRESHOLDS.signatureFailures} or more Stripe webhook requests refused for their signature in 5 minutes.`,
  });
}

/** A function outside the catalogue that still pages when it fails: the API's two Lambda authorizers. */
export interface WatchedFunction {
  /** Its name in alarms and the runbook (`origin-check`). */
  name: string;
  /** PascalCase, for the alarm's id (`OriginCheck`). */
  id: string;
  function: IFunction;
}

/**
 * The authorizers answer before any route's function runs: when one fails, every route behind it answers
 * 500 (or 503) and no catalogue function's alarm sees it.
 */
export function authorizerAlarms(alarm: RaiseAlarm, authorizers: readonly WatchedFunction[]) {
  for (const { name, id, function: fn } of authorizers) {
    alarm(`${id}Errors`, {
      metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: ALARM_THRESHOLDS.functionErrors,
      section: RUNBOOK_SECTIONS.authorizerErrors,
      what: `The ${name} authorizer failed ${ALARM_THRESHOLDS.functionErrors} or more times in 5 minutes: the routes behind it answer 5xx.`,
    });
    alarm(`${id}Throttles`, {
      metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: ALARM_THRESHOLDS.functionThrottles,
      section: RUNBOOK_SECTIONS.throttling,
      what: `Lambda throttled the ${name} authorizer (concurrency exhausted): the routes behind it answer 5xx.`,
    });
  }
}

/** The WebSocket API: pushes and connects that failed on our side (a client's bad token is not counted). */
export function realtimeAlarm(alarm: RaiseAlarm, apiId: string, stageName: string) {
  const metric = (metricName: string) =>
    new Metric({
      namespace: 'AWS/ApiGateway',
      metricName,
      dimensionsMap: { ApiId: apiId, Stage: stageName },
      statistic: 'Sum',
      period: FIVE_MINUTES,
    });
  alarm('RealtimeErrors', {
    metric: new MathExpression({
      expression: 'FILL(integration, 0) + FILL(execution, 0)',
      usingMetrics: { integration: metric('IntegrationError'), execution: metric('ExecutionError') },
      label: 'integration + execution errors',
      period: FIVE_MINUTES,
    }),
    threshold: ALARM_THRESHOLDS.realtimeErrors,
    section: RUNBOOK_SECTIONS.realtimeErrors,
    what: `The realtime (WebSocket) API had ${ALARM_THRESHOLDS.realtimeErrors} or more integration or execution errors in 5 minutes.`,
  });
}

/**
 * SES's reputation metrics are the account's in the region (every sender in it), published as fractions
 * about once an hour: a period of an hour, so one quiet hour is no gap.
 */
export function mailReputationAlarms(alarm: RaiseAlarm) {
  const reputation = (metricName: string) =>
    new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
  alarm('SesBounceRate', {
    metric: reputation('Reputation.BounceRate'),
    threshold: ALARM_THRESHOLDS.sesBounceRate,
    section: RUNBOOK_SECTIONS.mailReputation,
    what: `SES's bounce rate for this account and region reached ${ALARM_THRESHOLDS.sesBounceRate * 100}% (AWS reviews an account at 5%).`,
  });
  alarm('SesComplaintRate', {
    metric: reputation('Reputation.ComplaintRate'),
    threshold: ALARM_THRESHOLDS.sesComplaintRate,
    section: RUNBOOK_SECTIONS.mailReputation,
    what: `SES's complaint rate for this account and region reached ${ALARM_THRESHOLDS.sesComplaintRate * 100}% (AWS reviews an account at 0.1%).`,
  });
}

/**
 * A schedule that stops (its rule disabled or deleted, its target's permission gone) leaves no errors to
 * alarm on: only missing invocations show it. Missing data is the trouble here, over a window of several of
 * the schedule's periods so one late tick is no page (CloudWatch allows a window of at most a day).
 */
export function scheduleAlarms(alarm: RaiseAlarm, functions: readonly CatalogFunction[]) {
  for (const { spec, function: fn, node } of functions) {
    if (!spec.schedule) continue;
    const windowMinutes = Math.min(ALARM_THRESHOLDS.scheduleMissedPeriods * spec.schedule.rateMinutes, 24 * 60);
    alarm(`${node.id}NotRunning`, {
      metric: fn.metricInvocations({ period: Duration.minutes(windowMinutes), statistic: 'Sum' }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.BREACHING,
      section: RUNBOOK_SECTIONS.scheduleStopped,
      what: `${spec.name} runs every ${spec.schedule.rateMinutes} minutes but was not invoked once in ${windowMinutes} minutes.`,
    });
  }
}
