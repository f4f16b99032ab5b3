/**
 * The CDK app (`npx cdk synth|deploy`, see cdk.json). `-c stage=prod` deploys production (deletion
 * protection, retained data); `-c mailFrom=… -c mailIdentity=…` set the sender and its SES identity.
 * cdk-nag's AwsSolutions pack checks every synth: an unacknowledged finding fails it.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { deploymentSettingsFromContext } from './deployment-settings';
import { addPaylinkStacks } from './paylink-stacks';

const app = new App();
addPaylinkStacks(app, deploymentSettingsFromContext(app.node));

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
