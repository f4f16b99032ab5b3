/**
 * The three stacks a deployment is made of, built the same way by `cdk synth|deploy` (infra/app.ts) and
 * by the infra tests: the app stack in the app region; the CloudFront web ACL in us-east-1, which the app
 * stack references across regions; and CloudFront's alarm in us-east-1, which references the app stack.
 */
import type { App } from 'aws-cdk-lib';
import type { FunctionSpec } from '@functions/function-spec';
import type { DeploymentSettings } from './deployment-settings';
import { EdgeAlarmsStack } from './edge-alarms-stack';
import { EdgeFirewallStack } from './edge-firewall-stack';
import { PaylinkStack } from './stack';

export function addPaylinkStacks(
  app: App,
  settings: DeploymentSettings,
  options: { functions?: readonly FunctionSpec[] } = {},
) {
  // The account of the credentials in use (unset offline). Regions are always explicit: a cross-region
  // reference needs both ends to name theirs.
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const tags = { app: 'paylink', stage: settings.stage };
  const edge = new EdgeFirewallStack(app, `PaylinkEdge-${settings.stage}`, {
    stage: settings.stage,
    description: `Paylink (${settings.stage}): CloudFront web ACL (us-east-1)`,
    env: { account },
    crossRegionReferences: true,
    tags,
  });
  const stack = new PaylinkStack(app, `Paylink-${settings.stage}`, {
    settings,
    functions: options.functions,
    webAclArn: edge.webAcl.attrArn,
    description: `Paylink (${settings.stage}): payment links and QR codes for NZ small businesses`,
    env: { account, region: settings.region },
    crossRegionReferences: true,
    tags,
  });
  // CloudFront's alarm lives where its metrics are (us-east-1), after the app stack that names the distribution.
  const edgeAlarms = new EdgeAlarmsStack(app, `PaylinkEdgeAlarms-${settings.stage}`, {
    stage: settings.stage,
    isProduction: settings.isProduction,
    distributionId: stack.web.distribution.distributionId,
    alarmEmail: settings.alarmEmail,
    description: `Paylink (${settings.stage}): CloudFront alarms and their topic (us-east-1)`,
    env: { account },
    crossRegionReferences: true,
    tags,
  });
  return { edge, stack, edgeAlarms };
}
