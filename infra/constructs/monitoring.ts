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
import { ArnFormat, NestedStack } from 'aws-cdk-lib';
import { CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, Dashboard, TextWidget, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { namedResourceRemovalPolicy } from '../removal-policies';
import type { CatalogFunction } from './catalog-function';
import type { EventRouting } from './event-routing';
import {
  apiAlarm,
  businessAlarms,
  deadLetterAlarms,
  functionAlarms,
  type AlarmRequest,
  type RaiseAlarm,
} from './monitoring/alarms';
import { apiWidgets, businessWidgets, eventWidgets, functionWidgets } from './monitoring/dashboard';
import { RUNBOOK, routesByGroup, runbook } from './monitoring/metrics';
import type { PaylinkHttpApi } from './paylink-http-api';

export { ALARM_THRESHOLDS, PAYLINK_METRICS, PAYLINK_NAMESPACE, RUNBOOK, RUNBOOK_SECTIONS } from './monitoring/metrics';

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
  /** Per-route API metrics and the graphs by route (the stage's `detailedRouteMetrics`); off by default. */
  detailedRouteMetrics?: boolean;
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
    deadLetterAlarms(alarm, props.events);
    apiAlarm(alarm, apiId);
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
      // No data is no trouble: a quiet night, or a function nobody called.
      treatMissingData: TreatMissingData.NOT_BREACHING,
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
