/**
 * The CDK app (`npx cdk synth|deploy`, see cdk.json). `-c stage=prod` deploys production (deletion
 * protection, retained data); `-c mailFrom=… -c mailIdentity=…` set the sender and its SES identity.
 * cdk-nag's AwsSolutions pack checks every synth: an unacknowledged finding fails it.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { deploymentSettingsFromContext } from './deployment-settings';
import { PaylinkStack } from './stack';

const app = new App();
const settings = deploymentSettingsFromContext(app.node);

new PaylinkStack(app, `Paylink-${settings.stage}`, {
  settings,
  description: `Paylink (${settings.stage}): payment links and QR codes for NZ small businesses`,
  // The account and region of the credentials in use; unset offline, which synthesizes region-agnostic.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  tags: { app: 'paylink', stage: settings.stage },
});

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
