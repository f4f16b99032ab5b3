/**
 * The CDK app (`npm run deploy -- <stage>`, see cdk.json). Each stage's settings are committed in
 * infra/stages.ts; `-c key=value` overrides one for one run (infra/deployment-settings.ts).
 * cdk-nag's AwsSolutions pack checks every synth: an unacknowledged finding fails it.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { deploymentSettingsFromContext } from './deployment-settings';
import { addPaylinkStacks } from './paylink-stacks';

const app = new App();
addPaylinkStacks(app, deploymentSettingsFromContext(app.node));

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
