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
 *
 * The pieces are in `monitoring/`: the metrics, runbook sections and thresholds (`metrics.ts`), the
 * dashboard's graphs (`dashboard.ts`) and the alarms (`alarms.ts`); this file holds the topic and wires them.
 */
import { NestedStack } from 'aws-cdk-lib';
import { CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, Dashboard, TextWidget, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { namedResourceRemovalPolicy } from '../removal-policies';
import type { CatalogFunction } from './catalog-function';
import { alarmNamePrefix, stageAlarmTopic } from './monitoring/alarm-topic';
import type { EventRouting } from './event-routing';
import {
  apiAlarm,
  authorizerAlarms,
  businessAlarms,
  deadLetterAlarms,
  functionAlarms,
  mailReputationAlarms,
  realtimeAlarm,
  scheduleAlarms,
  type AlarmRequest,
  type RaiseAlarm,
  type WatchedFunction,
} from './monitoring/alarms';
import { apiWidgets, businessWidgets, eventWidgets, functionWidgets } from './monitoring/dashboard';
import { RUNBOOK, routesByGroup, runbook } from './monitoring/metrics';
import type { PaylinkHttpApi } from './paylink-http-api';

export { ALARM_THRESHOLDS, PAYLINK_METRICS, PAYLINK_NAMESPACE, RUNBOOK, RUNBOOK_SECTIONS } from './monitoring/metrics';

export { alarmNamePrefix } from './monitoring/alarm-topic';

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
  /** Per-route API metrics and the graphs by route (the stage's `detailedRouteMetrics`); off by default. */
  detailedRouteMetrics?: boolean;
  /** The HTTP API's Lambda authorizers (OriginCheck): not catalogue functions, but every route needs them. */
  authorizers?: readonly WatchedFunction[];
  /** The WebSocket API and its stage, whose integration errors page. */
  realtime?: { apiId: string; stageName: string };
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

    this.topic = stageAlarmTopic(inStack, {
      stage: props.stage,
      alarmEmail: props.alarmEmail,
      keyRemovalPolicy: namedResourceRemovalPolicy(props.isProduction),
    });

    if (props.detailedRouteMetrics) this.enableRouteMetrics();
    this.dashboardName = `paylink-${props.stage}`;
    this.dashboard = new Dashboard(inStack, 'Dashboard', { dashboardName: this.dashboardName });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# Paylink ${props.stage}\nAlarms go to SNS \`paylink-${props.stage}-alarms\`; what each means and what to do: \`${RUNBOOK}\`.`,
        width: 24,
        height: 2,
      }),
    );
    const apiId = props.httpApi.api.apiId;
    this.dashboard.addWidgets(...businessWidgets(props.stage));
    this.dashboard.addWidgets(
      ...apiWidgets(apiId, props.functions, props.webAclName, { byRoute: props.detailedRouteMetrics ?? false }),
    );
    this.dashboard.addWidgets(...eventWidgets(props.events));
    this.dashboard.addWidgets(...functionWidgets(props.functions));

    const alarm: RaiseAlarm = (alarmId, request) => this.alarm(alarmId, request);
    functionAlarms(alarm, props.functions);
    authorizerAlarms(alarm, props.authorizers ?? []);
    scheduleAlarms(alarm, props.functions);
    deadLetterAlarms(alarm, props.events);
    apiAlarm(alarm, apiId);
    if (props.realtime) realtimeAlarm(alarm, props.realtime.apiId, props.realtime.stageName);
    mailReputationAlarms(alarm);
    businessAlarms(alarm, props.stage);
  }

  private alarm(id: string, props: AlarmRequest): Alarm {
    const alarm = new Alarm(this.nestedStack, id, {
      // `paylink-prod-apply-stripe-payment-event-errors`: the email's subject says what and where.
      alarmName: `${alarmNamePrefix(this.props.stage)}${id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`,
      metric: props.metric,
      threshold: props.threshold,
      evaluationPeriods: props.evaluationPeriods ?? 1,
      datapointsToAlarm: props.datapointsToAlarm,
      comparisonOperator: props.comparisonOperator ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // No data is no trouble (a quiet night, or a function nobody called), unless the alarm is about absence.
      treatMissingData: props.treatMissingData ?? TreatMissingData.NOT_BREACHING,
      alarmDescription: `${props.what} Runbook: ${runbook(props.section)}`,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }

  /**
   * HTTP APIs publish per-route metrics only with detailed metrics on: turned on for the stage's default
   * and for each route setting (which the API construct fills with the routes' throttles).
   */
  private enableRouteMetrics() {
    const stage = this.props.httpApi.defaultStage.node.defaultChild as CfnStage;
    stage.addPropertyOverride('DefaultRouteSettings.DetailedMetricsEnabled', true);
    for (const routes of routesByGroup(this.props.functions).values()) {
      for (const routeKey of routes)
        stage.addPropertyOverride(`RouteSettings.${routeKey}.DetailedMetricsEnabled`, true);
    }
  }
}
