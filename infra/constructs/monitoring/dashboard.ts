/** The dashboard's graphs: business figures, the API by route group, the event routing, and every function. */
import { GraphWidget, MathExpression, Metric, type IWidget } from 'aws-cdk-lib/aws-cloudwatch';
import type { CatalogFunction } from '../catalog-function';
import type { EventRouting } from '../event-routing';
import {
  ALARM_THRESHOLDS,
  FIVE_MINUTES,
  PAYLINK_NAMESPACE,
  apiMetric,
  groupSum,
  paylinkMetric,
  routesByGroup,
  type PaylinkMetric,
} from './metrics';

export function businessWidgets(stage: string): IWidget[] {
  const sum = (name: PaylinkMetric, label?: string) => paylinkMetric(stage, name, 'Sum', label);
  return [
    new GraphWidget({
      title: 'Payments',
      left: [
        sum('CheckoutsStarted', 'checkouts started'),
        sum('PaymentsSucceeded', 'succeeded'),
        sum('PaymentsFailed', 'failed'),
        sum('PaymentsExpired', 'expired'),
      ],
      width: 8,
    }),
    new GraphWidget({
      title: 'Money (cents)',
      left: [sum('SettledRevenueCents', 'settled revenue'), sum('RefundedCents', 'refunded')],
      width: 8,
    }),
    new GraphWidget({
      title: 'Settlement lag (Stripe event → settled)',
      left: [
        paylinkMetric(stage, 'SettlementLagMs', 'p99', 'p99 ms'),
        paylinkMetric(stage, 'SettlementLagMs', 'p50', 'p50 ms'),
      ],
      right: [paylinkMetric(stage, 'OldestStuckPendingAgeMs', 'Maximum', 'oldest stuck pending ms')],
      leftAnnotations: [{ value: ALARM_THRESHOLDS.settlementLagP99Ms, label: 'alarm' }],
      width: 8,
    }),
    new GraphWidget({
      title: 'Webhook events received, by type',
      left: [
        new MathExpression({
          expression: `SEARCH('{${PAYLINK_NAMESPACE},eventType,service,stage} MetricName="WebhookEventsReceived" stage="${stage}"', 'Sum', 300)`,
          label: '',
          period: FIVE_MINUTES,
        }),
      ],
      width: 8,
    }),
    new GraphWidget({
      title: 'Events refused or repeated',
      left: [
        sum('WebhookSignatureFailures', 'bad signatures'),
        sum('AnomaliesRefused', 'anomalies refused'),
        sum('DuplicateEventsIgnored', 'duplicates ignored'),
      ],
      width: 8,
    }),
    new GraphWidget({
      title: 'Recovered and lost',
      left: [
        sum('ReverificationRecoveries', 're-verification recoveries'),
        sum('DeadLetters', 'dead letters'),
        sum('CountRetries', 'count and seal retries'),
      ],
      right: [paylinkMetric(stage, 'StuckCounts', 'Maximum', 'stuck counts and seals')],
      width: 8,
    }),
  ];
}

/**
 * The API's graphs: by route group and route when the stage has detailed route metrics (API Gateway
 * publishes per-route metrics only then), otherwise the API as a whole.
 */
export function apiWidgets(
  apiId: string,
  functions: readonly CatalogFunction[],
  webAclName: string,
  options: { byRoute: boolean },
): IWidget[] {
  const widgets: IWidget[] = [];
  if (!options.byRoute) {
    widgets.push(
      new GraphWidget({
        title: 'API (all routes): requests, 4xx, 5xx',
        left: [apiMetric(apiId, 'Count', 'Sum')],
        right: [apiMetric(apiId, '4xx', 'Sum'), apiMetric(apiId, '5xx', 'Sum')],
        width: 12,
      }),
      new GraphWidget({
        title: 'API (all routes): latency p99 (detailedRouteMetrics in infra/stages.ts graphs it by route)',
        left: [apiMetric(apiId, 'Latency', 'p99')],
        width: 12,
      }),
    );
  }
  for (const [group, routes] of options.byRoute ? routesByGroup(functions) : []) {
    widgets.push(
      new GraphWidget({
        title: `API ${group}: requests, 4xx, 5xx`,
        left: [groupSum(apiId, 'Count', routes, 'requests')],
        right: [groupSum(apiId, '4xx', routes, '4xx'), groupSum(apiId, '5xx', routes, '5xx')],
        width: 12,
      }),
      new GraphWidget({
        title: `API ${group}: latency p99 by route`,
        left: routes.map((route) => apiMetric(apiId, 'Latency', 'p99', route)),
        width: 12,
      }),
    );
  }
  widgets.push(
    new GraphWidget({
      title: 'WAF blocked requests (CloudFront, us-east-1)',
      left: [
        new Metric({
          namespace: 'AWS/WAFV2',
          metricName: 'BlockedRequests',
          dimensionsMap: { WebACL: webAclName, Rule: 'ALL' },
          region: 'us-east-1',
          statistic: 'Sum',
          period: FIVE_MINUTES,
          label: 'blocked',
        }),
      ],
      width: 12,
    }),
  );
  return widgets;
}

export function eventWidgets(events: EventRouting): IWidget[] {
  const rules = [...events.rules];
  const queues = [...events.deadLetterQueues.entries()];
  return [
    new GraphWidget({
      title: 'EventBridge failed invocations, by rule',
      left: rules.map(
        ([label, rule]) =>
          new Metric({
            namespace: 'AWS/Events',
            metricName: 'FailedInvocations',
            // A rule on a custom bus is published by bus and rule together; RuleName alone matches nothing.
            dimensionsMap: { EventBusName: events.bus.eventBusName, RuleName: rule.ruleName },
            statistic: 'Sum',
            period: FIVE_MINUTES,
            label,
          }),
      ),
      width: 12,
    }),
    new GraphWidget({
      title: 'Dead-letter queue depth',
      left: queues.map(([name, queue]) =>
        queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum', label: name }),
      ),
      width: 12,
    }),
  ];
}

/** One widget per catalogue function: invocations, errors, throttles, and duration p99. */
export function functionWidgets(functions: readonly CatalogFunction[]): IWidget[] {
  return functions.map(
    ({ spec, function: fn }) =>
      new GraphWidget({
        title: `λ ${spec.name}`,
        left: [
          fn.metricInvocations({ period: FIVE_MINUTES, label: 'invocations' }),
          fn.metricErrors({ period: FIVE_MINUTES, label: 'errors' }),
          fn.metricThrottles({ period: FIVE_MINUTES, label: 'throttles' }),
        ],
        right: [fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p99', label: 'duration p99 ms' })],
        width: 6,
        height: 5,
      }),
  );
}
