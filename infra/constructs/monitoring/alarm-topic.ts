/**
 * A stage's alarm topic, `paylink-<stage>-alarms`, in the region of the stack it is made in: the
 * monitoring nested stack's in the app region, and the edge alarms' in us-east-1 (CloudFront's metrics are
 * only there, and an alarm notifies a topic of its own region).
 */
import { ArnFormat, Stack, type RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';

/** Every alarm's name starts with this: the alarm topic's policy lets exactly these publish. */
export const alarmNamePrefix = (stage: string) => `paylink-${stage}-`;

export function stageAlarmTopic(
  scope: Construct,
  props: { stage: string; alarmEmail?: string; keyRemovalPolicy: RemovalPolicy },
): Topic {
  const stack = Stack.of(scope);
  // CloudWatch publishes to an encrypted topic only with a key whose policy lets it: a key of our own
  // (the AWS-managed SNS key's policy cannot be changed).
  const key = new Key(scope, 'AlarmTopicKey', {
    description: `Paylink ${props.stage}: encrypts the alarm topic`,
    enableKeyRotation: true,
    removalPolicy: props.keyRemovalPolicy,
  });
  key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
  const topic = new Topic(scope, 'AlarmTopic', {
    topicName: `paylink-${props.stage}-alarms`,
    displayName: `Paylink ${props.stage} alarms`,
    masterKey: key,
    enforceSSL: true,
  });
  // enforceSSL gives the topic a policy of its own, which replaces SNS's default one: without this
  // statement no alarm could publish. Only this account's alarms of this stage may.
  topic.addToResourcePolicy(
    new PolicyStatement({
      sid: 'StageAlarmsPublish',
      principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: {
        StringEquals: { 'aws:SourceAccount': stack.account },
        ArnLike: {
          'aws:SourceArn': stack.formatArn({
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
    topic.addSubscription(new EmailSubscription(props.alarmEmail));
  }
  return topic;
}
