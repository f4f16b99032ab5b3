/**
 * The template's resources the assembly runtime does not run, one line per kind, said at start: what a
 * rehearsal on this machine does not prove (docs/runbook.md lists what rests on AWS's documentation).
 */
import type { CloudAssembly } from './cloud-assembly';

/** Types the runtime runs or stands in for (the stand-in named where it is not the thing itself). */
const RUN = new Set([
  'AWS::Lambda::Function',
  'AWS::DynamoDB::Table',
  'AWS::SecretsManager::Secret',
  'AWS::Events::EventBus',
  'AWS::Events::Rule',
  'AWS::Scheduler::Schedule',
  'AWS::Cognito::UserPool',
  'AWS::Cognito::UserPoolClient',
  'AWS::ApiGatewayV2::Api',
  'AWS::ApiGatewayV2::Route',
  'AWS::ApiGatewayV2::Integration',
  'AWS::ApiGatewayV2::Authorizer',
  'AWS::CloudFront::Distribution',
  'AWS::CloudFormation::Stack',
  'AWS::IAM::Role',
  'AWS::IAM::Policy',
  'AWS::CDK::Metadata',
]);

/** Why a kind of resource is not run, where a reader would wonder. */
const REASONS: Record<string, string> = {
  'AWS::CloudWatch::Alarm': 'no metrics here; nothing alarms',
  'AWS::CloudWatch::Dashboard': 'no metrics here',
  'AWS::SNS::Topic': 'the alarm topic: nothing publishes to it locally',
  'AWS::SNS::TopicPolicy': 'no SNS here',
  'AWS::KMS::Key': 'nothing is encrypted with it locally',
  'AWS::WAFv2::WebACL': 'no WAF: its rules (the rate limit among them) are not applied',
  'AWS::Logs::LogGroup': "functions' output goes to this process's stdout",
  'AWS::Lambda::Permission': 'who may invoke a function is not checked; the local services invoke it directly',
  'AWS::Lambda::EventInvokeConfig':
    "the bus retries as Lambda's default async retries (2) and keeps dead letters itself",
  'AWS::Lambda::LayerVersion': 'layers of CDK-provided custom-resource functions',
  'AWS::SQS::Queue': "the dead-letter queues: the bus's dead-letter store stands in for them",
  'AWS::SQS::QueuePolicy': 'no SQS here',
  'AWS::ApiGatewayV2::Stage': 'throttling, route settings and access logs are not applied',
  'AWS::S3::Bucket': 'the site is served from the assembly’s web app asset (staticDir)',
  'AWS::S3::BucketPolicy': 'no S3 here',
  'Custom::CDKBucketDeployment': 'the site is served from the assembly’s web app asset (staticDir)',
  'AWS::CloudFront::CachePolicy': 'no caching: every request reaches the gateway',
  'AWS::CloudFront::ResponseHeadersPolicy':
    "the gateway sets the site's security headers itself (site-security-headers.ts)",
  'AWS::CloudFront::Function': "the SPA fallback is the gateway's own (cloudfront-delivery.ts)",
  'AWS::CloudFront::OriginAccessControl': 'no S3 origin here',
  'AWS::SES::EmailIdentity': 'the local mailbox accepts any sender; DKIM is not checked',
  'AWS::SES::ConfigurationSet': "the local mailbox takes any configuration set's name",
  'AWS::SES::ConfigurationSetEventDestination':
    "the local mailbox plays SES's simulator, putting its bounces and complaints on the default bus (infra/local/ses-feedback.ts)",
  'Custom::CrossRegionExportReader': 'custom resource: its values are placeholders locally',
  'Custom::CrossRegionExportWriter': 'custom resource',
};

export function notRunLines(assembly: CloudAssembly): string[] {
  const counts = new Map<string, number>();
  for (const { resource } of assembly.resources) {
    if (!RUN.has(resource.Type)) counts.set(resource.Type, (counts.get(resource.Type) ?? 0) + 1);
  }
  const lines = [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, count]) => `${type} ×${count}: not run${REASONS[type] ? ` (${REASONS[type]})` : ''}`);
  for (const other of assembly.otherStacks) {
    const types = [...new Set(Object.values(other.template.Resources ?? {}).map((resource) => resource.Type))].filter(
      (type) => type !== 'AWS::CDK::Metadata',
    );
    lines.push(
      `stack ${other.name}: not run (${types.join(', ')})${types.includes('AWS::WAFv2::WebACL') ? ` — ${REASONS['AWS::WAFv2::WebACL']}` : ''}`,
    );
  }
  const traced = assembly.resources.filter(
    ({ resource }) =>
      resource.Type === 'AWS::Lambda::Function' &&
      (resource.Properties?.TracingConfig as { Mode?: string } | undefined)?.Mode === 'Active',
  ).length;
  if (traced > 0) lines.push(`X-Ray tracing (${traced} functions): not run`);
  const retries = assembly.resources
    .filter(({ resource }) => resource.Type === 'AWS::Lambda::EventInvokeConfig')
    .map(({ resource }) => resource.Properties?.MaximumRetryAttempts)
    .filter((attempts) => attempts !== undefined && attempts !== 2);
  if (retries.length > 0) {
    lines.push(`EventInvokeConfig MaximumRetryAttempts ${retries.join(', ')}: the bus retries twice regardless`);
  }
  const ruleTargets = assembly.resources
    .filter(({ resource }) => resource.Type === 'AWS::Events::Rule')
    .flatMap(
      ({ resource }) => (resource.Properties?.Targets ?? []) as { RetryPolicy?: unknown; DeadLetterConfig?: unknown }[],
    );
  if (ruleTargets.some((target) => target.RetryPolicy ?? target.DeadLetterConfig)) {
    lines.push(
      "rule targets' RetryPolicy and DeadLetterConfig (EventBridge's own delivery to Lambda): not run; the bus invokes at once",
    );
  }
  if (assembly.resources.some(({ resource }) => resource.Type === 'AWS::Cognito::UserPool')) {
    lines.push(
      "the user pool's and its client's settings (password policy, MFA, token validity): cognito-local's pool as infra/local/cognito.ts makes it, not read from the template",
    );
  }
  lines.push(
    "Lambda's memory size and architecture: not enforced (each function runs in a worker thread of this process)",
  );
  return lines;
}
