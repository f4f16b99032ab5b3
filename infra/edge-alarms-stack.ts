/**
 * The CloudFront distribution's alarm. CloudFront publishes its metrics only in us-east-1, and an alarm
 * can watch only metrics of its own region (CDK refuses an alarm on another region's metric; CloudWatch
 * has no cross-region alarms), so it is a stack of its own there, with its own alarm topic (an alarm
 * notifies a topic of its region) and the same `alarmEmail` subscribed. It reads the distribution's id
 * from the app stack through a CDK cross-region reference, so it deploys after it.
 */
import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { alarmNamePrefix, stageAlarmTopic } from './constructs/monitoring/alarm-topic';
import { ALARM_THRESHOLDS, FIVE_MINUTES, RUNBOOK_SECTIONS, runbook } from './constructs/monitoring/metrics';
import { EDGE_REGION } from './edge-firewall-stack';

export interface EdgeAlarmsStackProps extends StackProps {
  stage: string;
  isProduction: boolean;
  /** The app stack's CloudFront distribution. */
  distributionId: string;
  alarmEmail?: string;
}

export class EdgeAlarmsStack extends Stack {
  readonly topic: Topic;
  readonly cloudFront5xx: Alarm;

  constructor(scope: Construct, id: string, props: EdgeAlarmsStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION } });
    this.topic = stageAlarmTopic(this, {
      stage: props.stage,
      alarmEmail: props.alarmEmail,
      // Nothing here holds data: the key goes with the stack, except production's, kept like its other one.
      keyRemovalPolicy: props.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const metric = (metricName: string, statistic: string) =>
      new Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        statistic,
        period: FIVE_MINUTES,
      });
    const { cloudFront5xxMinimumRequests: minimum, cloudFront5xxPercent: percent } = ALARM_THRESHOLDS;
    this.cloudFront5xx = new Alarm(this, 'CloudFront5xxRate', {
      alarmName: `${alarmNamePrefix(props.stage)}cloudfront-5xx-rate`,
      metric: new MathExpression({
        expression: `IF(requests >= ${minimum}, rate, 0)`,
        usingMetrics: { requests: metric('Requests', 'Sum'), rate: metric('5xxErrorRate', 'Average') },
        label: '5xx %',
        period: FIVE_MINUTES,
      }),
      threshold: percent,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: `More than ${percent}% of CloudFront's responses (the SPA, pages and the API through it) were 5xx over 5 minutes. Runbook: ${runbook(RUNBOOK_SECTIONS.cloudFront5xx)}`,
    });
    this.cloudFront5xx.addAlarmAction(new SnsAction(this.topic));
    this.cloudFront5xx.addOkAction(new SnsAction(this.topic));
  }
}
