/** What pages an operator: each alarm with its threshold and the runbook section its description names. */
import { ComparisonOperator, MathExpression, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
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
