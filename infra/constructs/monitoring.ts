/**
 * What an operator watches and what pages them, built from the same catalogue as the stack: every
 * function gets its dashboard widget and its alarms, every dead-letter queue its alarm, every route its
 * place in its group's graphs — adding a catalogue entry adds them without touching this file.
 *
 * Alarms go to one SNS topic (`-c alarmEmail=ops@…` subscribes an address). Each alarm's description
 * names its section of docs/runbook.md, which says what it means, the Logs Insights query, and what to do.
 *
 * Paylink's own metrics come from the functions' log lines in the embedded metric format
 * (functions/adapters/observability.ts): namespace `Paylink`, dimensions `service` and `stage`.
 *
 * All of it lives in a nested stack: two alarms and a widget per function grow with the catalogue, and
 * CloudFormation allows a stack 500 resources — the app stack needs its own for the functions themselves.
 * The functions' and queues' names reach it as the nested stack's parameters (CDK wires them).
 */
import { ArnFormat, Duration, NestedStack } from 'aws-cdk-lib';
import { CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Rule } from 'aws-cdk-lib/aws-events';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { namedResourceRemovalPolicy } from '../removal-policies';
import type { RouteAuth } from '@functions/function-spec';
import type { CatalogFunction } from './catalog-function';
import type { EventRouting } from './event-routing';
import { ROUTE_GROUPS, type PaylinkHttpApi } from './paylink-http-api';

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
} as const;
const runbook = (section: string) => `${RUNBOOK}#${section}`;

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
type PaylinkMetric = (typeof PAYLINK_METRICS)[number];

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
} as const;

const FIVE_MINUTES = Duration.minutes(5);

/** Every alarm's name starts with this: the alarm topic's policy lets exactly these publish. */
export const alarmNamePrefix = (stage: string) => `paylink-${stage}-`;

export interface MonitoringProps {
  stage: string;
  /** Production keeps the alarm topic's key once created; any other stage's `cdk destroy` removes it. */
  isProduction: boolean;
  functions: readonly CatalogFunction[];
  httpApi: PaylinkHttpApi;
  events: EventRouting;
  /** The CloudFront web ACL's name (EdgeFirewallStack, us-east-1): its blocked requests are graphed. */
  webAclName: string;
  /** Subscribed to the alarm topic when given (the stage's `alarmEmail`, infra/stages.ts). */
  alarmEmail?: string;
}

export class Monitoring extends Construct {
  /** Holds every resource below. */
  readonly nestedStack: NestedStack;
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly dashboardName: string;
  readonly alarms: Alarm[] = [];
  private readonly props: MonitoringProps;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.props = props;
    this.nestedStack = new NestedStack(this, 'Stack', {
      description: `Paylink (${props.stage}): dashboard, alarms and their topic (docs/runbook.md)`,
    });
    const inStack = this.nestedStack;

    // CloudWatch publishes to an encrypted topic only with a key whose policy lets it: a key of our own
    // (the AWS-managed SNS key's policy cannot be changed).
    const key = new Key(inStack, 'AlarmTopicKey', {
      description: `Paylink ${props.stage}: encrypts the alarm topic`,
      enableKeyRotation: true,
      removalPolicy: namedResourceRemovalPolicy(props.isProduction),
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(inStack, 'AlarmTopic', {
      topicName: `paylink-${props.stage}-alarms`,
      displayName: `Paylink ${props.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    // enforceSSL gives the topic a policy of its own, which replaces SNS's default one: without this
    // statement no alarm could publish. Only this account's alarms of this stage may.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'StageAlarmsPublish',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': inStack.account },
          ArnLike: {
            'aws:SourceArn': inStack.formatArn({
              service: 'cloudwatch',
              resource: 'alarm',
              resourceName: `${alarmNamePrefix(props.stage)}*`,
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
        },
      }),
    );
    if (props.alarmEmail) {
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(props.alarmEmail)) {
        throw new Error(`Context "alarmEmail" is not an email address: "${props.alarmEmail}"`);
      }
      this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    }

    this.enableRouteMetrics();
    this.dashboardName = `paylink-${props.stage}`;
    this.dashboard = new Dashboard(inStack, 'Dashboard', { dashboardName: this.dashboardName });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# Paylink ${props.stage}\nAlarms go to SNS \`paylink-${props.stage}-alarms\`; what each means and what to do: \`${RUNBOOK}\`.`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(...this.businessWidgets());
    this.dashboard.addWidgets(...this.apiWidgets());
    this.dashboard.addWidgets(...this.eventWidgets());
    this.dashboard.addWidgets(...this.functionWidgets());

    this.functionAlarms();
    this.deadLetterAlarms();
    this.apiAlarm();
    this.businessAlarms();
  }

  private paylinkMetric(name: PaylinkMetric, statistic: string, label?: string): Metric {
    return new Metric({
      namespace: PAYLINK_NAMESPACE,
      metricName: name,
      dimensionsMap: { service: 'paylink', stage: this.props.stage },
      statistic,
      period: FIVE_MINUTES,
      label: label ?? name,
    });
  }

  private alarm(
    id: string,
    props: {
      metric: IMetric;
      threshold: number;
      section: string;
      what: string;
      evaluationPeriods?: number;
      datapointsToAlarm?: number;
      comparisonOperator?: ComparisonOperator;
    },
  ): Alarm {
    const alarm = new Alarm(this.nestedStack, id, {
      // `paylink-prod-apply-stripe-payment-event-errors`: the email's subject says what and where.
      alarmName: `${alarmNamePrefix(this.props.stage)}${id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`,
      metric: props.metric,
      threshold: props.threshold,
      evaluationPeriods: props.evaluationPeriods ?? 1,
      datapointsToAlarm: props.datapointsToAlarm,
      comparisonOperator: props.comparisonOperator ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // No data is no trouble: a quiet night, or a function nobody called.
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: `${props.what} Runbook: ${runbook(props.section)}`,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }

  /** Every catalogue route key, by its group (ROUTE_GROUPS). */
  private routesByGroup(): Map<string, string[]> {
    const groups = new Map<string, string[]>();
    for (const auth of Object.keys(ROUTE_GROUPS) as RouteAuth[]) groups.set(ROUTE_GROUPS[auth].group, []);
    for (const fn of this.props.functions) {
      for (const route of fn.spec.routes ?? []) {
        groups.get(ROUTE_GROUPS[route.auth].group)!.push(`${route.method} ${route.path}`);
      }
    }
    return groups;
  }

  /**
   * HTTP APIs publish per-route metrics only with detailed metrics on: turned on for the stage's default
   * and for each route setting (which the API construct fills with the routes' throttles).
   */
  private enableRouteMetrics() {
    const stage = this.props.httpApi.defaultStage.node.defaultChild as CfnStage;
    stage.addPropertyOverride('DefaultRouteSettings.DetailedMetricsEnabled', true);
    for (const routes of this.routesByGroup().values()) {
      for (const routeKey of routes)
        stage.addPropertyOverride(`RouteSettings.${routeKey}.DetailedMetricsEnabled`, true);
    }
  }

  private apiMetric(metricName: string, statistic: string, route?: string): Metric {
    return new Metric({
      namespace: 'AWS/ApiGateway',
      metricName,
      dimensionsMap: {
        ApiId: this.props.httpApi.api.apiId,
        Stage: '$default',
        ...(route && { Route: route }),
      },
      statistic,
      period: FIVE_MINUTES,
      label: route ? `${metricName} ${route}` : metricName,
    });
  }

  /** The sum of one metric over a group's routes. */
  private groupSum(metricName: string, routes: string[], label: string): IMetric {
    // Ids are per graph: prefixed by the metric, so a graph can sum several metrics over the same routes.
    const prefix = `${metricName.replace(/[^A-Za-z]/g, '').toLowerCase() || 'm'}${metricName.replace(/[^0-9]/g, '')}`;
    const id = (index: number) => `${prefix}r${index}`;
    const usingMetrics = Object.fromEntries(
      routes.map((route, index) => [id(index), this.apiMetric(metricName, 'Sum', route)]),
    );
    return new MathExpression({
      expression: routes.length ? routes.map((_, index) => `FILL(${id(index)}, 0)`).join(' + ') : '0',
      usingMetrics,
      label,
      period: FIVE_MINUTES,
    });
  }

  private businessWidgets(): IWidget[] {
    const sum = (name: PaylinkMetric, label?: string) => this.paylinkMetric(name, 'Sum', label);
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
          this.paylinkMetric('SettlementLagMs', 'p99', 'p99 ms'),
          this.paylinkMetric('SettlementLagMs', 'p50', 'p50 ms'),
        ],
        right: [this.paylinkMetric('OldestStuckPendingAgeMs', 'Maximum', 'oldest stuck pending ms')],
        leftAnnotations: [{ value: ALARM_THRESHOLDS.settlementLagP99Ms, label: 'alarm' }],
        width: 8,
      }),
      new GraphWidget({
        title: 'Webhook events received, by type',
        left: [
          new MathExpression({
            expression: `SEARCH('{${PAYLINK_NAMESPACE},eventType,service,stage} MetricName="WebhookEventsReceived" stage="${this.props.stage}"', 'Sum', 300)`,
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
        right: [this.paylinkMetric('StuckCounts', 'Maximum', 'stuck counts and seals')],
        width: 8,
      }),
    ];
  }

  private apiWidgets(): IWidget[] {
    const widgets: IWidget[] = [];
    for (const [group, routes] of this.routesByGroup()) {
      widgets.push(
        new GraphWidget({
          title: `API ${group}: requests, 4xx, 5xx`,
          left: [this.groupSum('Count', routes, 'requests')],
          right: [this.groupSum('4xx', routes, '4xx'), this.groupSum('5xx', routes, '5xx')],
          width: 12,
        }),
        new GraphWidget({
          title: `API ${group}: latency p99 by route`,
          left: routes.map((route) => this.apiMetric('Latency', 'p99', route)),
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
            dimensionsMap: { WebACL: this.props.webAclName, Rule: 'ALL' },
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

  private eventWidgets(): IWidget[] {
    const rules = this.props.events.node.findAll().filter((child): child is Rule => child instanceof Rule);
    const queues = [...this.props.events.deadLetterQueues.entries()];
    return [
      new GraphWidget({
        title: 'EventBridge failed invocations, by rule',
        left: rules.map(
          (rule) =>
            new Metric({
              namespace: 'AWS/Events',
              metricName: 'FailedInvocations',
              // A rule on a custom bus is published by bus and rule together; RuleName alone matches nothing.
              dimensionsMap: { EventBusName: this.props.events.bus.eventBusName, RuleName: rule.ruleName },
              statistic: 'Sum',
              period: FIVE_MINUTES,
              label: rule.node.id,
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
  private functionWidgets(): IWidget[] {
    return this.props.functions.map(
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

  private functionAlarms() {
    for (const { spec, function: fn, node } of this.props.functions) {
      this.alarm(`${node.id}Errors`, {
        metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
        threshold: ALARM_THRESHOLDS.functionErrors,
        section: RUNBOOK_SECTIONS.functionErrors,
        what: `${spec.name} failed ${ALARM_THRESHOLDS.functionErrors} or more times in 5 minutes.`,
      });
      this.alarm(`${node.id}Throttles`, {
        metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
        threshold: ALARM_THRESHOLDS.functionThrottles,
        section: RUNBOOK_SECTIONS.throttling,
        what: `Lambda throttled ${spec.name} (concurrency exhausted).`,
      });
    }
  }

  private deadLetterAlarms() {
    for (const [name, queue] of this.props.events.deadLetterQueues as Map<string, Queue>) {
      this.alarm(`${queue.node.id}Depth`, {
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
        threshold: 1,
        section: RUNBOOK_SECTIONS.deadLetters,
        what: `An event for ${name} failed after every retry and waits in its dead-letter queue.`,
      });
    }
  }

  private apiAlarm() {
    this.alarm('Api5xxRate', {
      metric: new MathExpression({
        expression: `IF(requests >= ${ALARM_THRESHOLDS.api5xxMinimumRequests}, 100 * errors / requests, 0)`,
        usingMetrics: { requests: this.apiMetric('Count', 'Sum'), errors: this.apiMetric('5xx', 'Sum') },
        label: '5xx %',
        period: FIVE_MINUTES,
      }),
      threshold: ALARM_THRESHOLDS.api5xxPercent,
      section: RUNBOOK_SECTIONS.api5xx,
      what: `More than ${ALARM_THRESHOLDS.api5xxPercent}% of API requests answered 5xx over 5 minutes.`,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
  }

  private businessAlarms() {
    this.alarm('PaymentsPendingOverAnHour', {
      metric: this.paylinkMetric('OldestStuckPendingAgeMs', 'Maximum'),
      threshold: ALARM_THRESHOLDS.stuckPendingMs,
      section: RUNBOOK_SECTIONS.pendingPayments,
      what: 'A payment Stripe has finished with (or that cannot be checked) has been pending in Paylink for more than an hour.',
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    this.alarm('SettlementLag', {
      metric: this.paylinkMetric('SettlementLagMs', 'p99'),
      threshold: ALARM_THRESHOLDS.settlementLagP99Ms,
      section: RUNBOOK_SECTIONS.settlementLag,
      what: 'Settlement lag p99 (Stripe event created → payment settled) above 5 minutes in 2 of the last 3 periods.',
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    this.alarm('StuckCounts', {
      metric: this.paylinkMetric('StuckCounts', 'Maximum'),
      threshold: 1,
      section: RUNBOOK_SECTIONS.stuckCounts,
      what: 'A stats count or a day seal has failed three times or more and is still waiting for its next attempt.',
    });
    this.alarm('WebhookSignatureFailures', {
      metric: this.paylinkMetric('WebhookSignatureFailures', 'Sum'),
      threshold: ALARM_THRESHOLDS.signatureFailures,
      section: RUNBOOK_SECTIONS.signatureFailures,
      what: `${ALARM_THRESHOLDS.signatureFailures} or more Stripe webhook requests refused for their signature in 5 minutes.`,
    });
  }
}
