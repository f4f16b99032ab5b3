/**
 * Paylink in the cloud, built from functions/catalog.ts and infra/tables.ts and nothing else: adding a
 * catalogue entry adds its Lambda, routes, rules, schedule, trigger and grants here without touching
 * this file.
 *
 * CloudFormation allows a stack 500 resources (docs/decisions.md #114), so each area of the catalogue
 * (functions/catalog/<area>.ts) deploys its functions, their roles and their event rules in a nested stack
 * of its own, as the monitoring has its own. What has a fixed name or a unique key stays here, where it was:
 * the tables, pool, secrets, bus, the functions' log groups and dead-letter queues (named), and the APIs with
 * their routes (a route key is unique in its API) and integrations. Moving any of those to another stack
 * would make CloudFormation create the new one before it deletes the old: "already exists".
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, NestedStack, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity, type IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { areaOf, catalog, httpAuthorizers } from '@functions/catalog';
import { SECRET_IDS, pagePathPatterns, type FunctionSpec, type SecretId } from '@functions/function-spec';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';
import { CatalogFunction } from './constructs/catalog-function';
import { DataTables } from './constructs/data-tables';
import { EventRouting } from './constructs/event-routing';
import { MailEvents } from './constructs/mail-events';
import { MerchantUserPool } from './constructs/merchant-user-pool';
import { Monitoring } from './constructs/monitoring';
import { OriginCheck } from './constructs/origin-check';
import { PaylinkHttpApi } from './constructs/paylink-http-api';
import { RealtimeApi } from './constructs/realtime-api';
import { WebAppDeployment } from './constructs/web-app-deployment';
import { WebHosting } from './constructs/web-hosting';
import type { DeploymentSettings } from './deployment-settings';
import { namedResourceRemovalPolicy } from './removal-policies';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface PaylinkStackProps extends StackProps {
  settings: DeploymentSettings;
  /** The functions to deploy; tests pass a fixture catalogue. */
  functions?: readonly FunctionSpec[];
  /** The CloudFront web ACL (EdgeFirewallStack, us-east-1). */
  webAclArn: string;
  /** Its name, for the dashboard's blocked-requests graph (defaults to the edge stack's naming). */
  webAclName?: string;
}

/** PascalCase construct id from a kebab-case catalogue name (`get-me` → `GetMe`). */
function constructIdOf(name: string): string {
  return name
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

function secretDescription(secretId: SecretId): string {
  if (secretId === 'consumer-demo-password-hash') {
    return 'Paylink consumer demo password (scrypt hash): a placeholder that opens nothing until an operator puts a hash (README)';
  }
  return secretId.startsWith('stripe-')
    ? `Paylink ${secretId}: a generated placeholder until an operator puts the real value from the Stripe dashboard`
    : `Paylink ${secretId}: generated at first deployment`;
}

export class PaylinkStack extends Stack {
  readonly tables: DataTables;
  readonly secrets: ReadonlyMap<SecretId, ISecret>;
  readonly merchantAuth: MerchantUserPool;
  readonly httpApi: PaylinkHttpApi;
  readonly originCheck: OriginCheck;
  readonly realtimeApi: RealtimeApi;
  readonly events: EventRouting;
  /** Created by this stack, or the existing one it was told to use (`mailIdentityExists`). */
  readonly mailIdentity: IEmailIdentity;
  /** The configuration set every email goes with: bounces and complaints to EventBridge (docs/decisions.md #201). */
  readonly mailEvents: MailEvents;
  readonly web: WebHosting;
  readonly functions: ReadonlyMap<string, CatalogFunction>;
  /** The nested stack of each catalogue area's functions, by area (`other`: functions of no area, a test's fixtures). */
  readonly functionStacks: ReadonlyMap<string, NestedStack>;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: PaylinkStackProps) {
    super(scope, id, props);
    const { settings } = props;
    const specs = props.functions ?? catalog;
    const { stage, isProduction } = settings;

    this.tables = new DataTables(this, 'Tables', { isProduction });

    const secrets = new Map<SecretId, ISecret>();
    for (const secretId of SECRET_IDS) {
      const secret = new Secret(this, `Secret${constructIdOf(secretId)}`, {
        secretName: `paylink/${stage}/${secretId}`,
        description: secretDescription(secretId),
        generateSecretString: { passwordLength: 64, excludePunctuation: true },
        removalPolicy: namedResourceRemovalPolicy(isProduction),
      });
      Validations.of(secret).acknowledge({ id: 'AwsSolutions-SMG4', reason: whyNotRotated(secretId) });
      secrets.set(secretId, secret);
    }
    this.secrets = secrets;

    this.events = new EventRouting(this, 'Events', { stage, isProduction });
    const mailIdentityIsDomain = !settings.mailIdentity.includes('@');
    if (settings.mailIdentityExists) {
      // Made outside this stack (the console, another stage): used by name, never created or deleted here.
      this.mailIdentity = EmailIdentity.fromEmailIdentityName(this, 'MailIdentity', settings.mailIdentity);
    } else {
      const created = new EmailIdentity(this, 'MailIdentity', {
        identity: mailIdentityIsDomain ? Identity.domain(settings.mailIdentity) : Identity.email(settings.mailIdentity),
      });
      // Its name is the domain or address: a copy kept by a failed first deploy would make the retry fail.
      created.applyRemovalPolicy(namedResourceRemovalPolicy(isProduction));
      this.mailIdentity = created;
    }
    this.mailEvents = new MailEvents(this, 'MailEvents', { stage });
    this.merchantAuth = new MerchantUserPool(this, 'MerchantAuth', {
      stage,
      isProduction,
      mailFrom: settings.mailFrom,
      mailIdentity: settings.mailIdentity,
      mailVerified: settings.mailVerified,
    });
    this.originCheck = new OriginCheck(this, 'OriginCheck', {
      repoRoot: REPO_ROOT,
      stage,
      isProduction,
      userPool: this.merchantAuth.userPool,
      userPoolClient: this.merchantAuth.webClient,
    });
    this.httpApi = new PaylinkHttpApi(this, 'HttpApi', {
      stage,
      isProduction,
      originAuthorizer: this.originCheck.authorizer,
      merchantAuthorizer: this.originCheck.merchantAuthorizer,
    });
    this.realtimeApi = new RealtimeApi(this, 'Realtime', { stage });
    const realtimeDomainName = `${this.realtimeApi.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    this.web = new WebHosting(this, 'Web', {
      isProduction,
      apiDomainName: this.httpApi.domainName,
      apiOriginHeaders: this.originCheck.originHeaders,
      realtimeDomainName,
      webAclArn: props.webAclArn,
      pagePathPatterns: pagePathPatterns(specs),
    });

    const functionStacks = new Map<string, NestedStack>();
    const functionStackFor = (spec: FunctionSpec): NestedStack | undefined => {
      // A Cognito trigger stays here: its pool names it, and its permission names the pool (a cycle across stacks).
      if (spec.cognitoTrigger) return undefined;
      const area = areaOf(spec.name) ?? 'other';
      let nested = functionStacks.get(area);
      if (!nested) {
        nested = new NestedStack(this, `${constructIdOf(area)}Functions`, {
          description: `Paylink (${stage}): the catalogue's ${area} functions, their roles and event rules`,
        });
        functionStacks.set(area, nested);
      }
      return nested;
    };

    const functions = new Map<string, CatalogFunction>();
    for (const spec of specs) {
      if (functions.has(spec.name)) throw new Error(`Two catalogue functions are named ${spec.name}`);
      functions.set(
        spec.name,
        new CatalogFunction(this, constructIdOf(spec.name), {
          spec,
          stage,
          isProduction,
          home: functionStackFor(spec),
          dependencies: {
            repoRoot: REPO_ROOT,
            tables: this.tables,
            secrets,
            eventBus: this.events.bus,
            mailIdentity: this.mailIdentity,
            mailFrom: settings.mailFrom,
            mailEvents: this.mailEvents,
            realtimeStage: this.realtimeApi.stage,
            userPool: this.merchantAuth.userPool,
            userPoolClient: this.merchantAuth.webClient,
            userPoolServerClient: this.merchantAuth.serverClient,
            tokenIssuer: this.merchantAuth.tokenIssuer,
            appOrigin: this.web.appOrigin,
            paylinkGstNumber: settings.paylinkGstNumber,
          },
        }),
      );
    }
    this.functions = functions;
    this.functionStacks = functionStacks;

    // The $connect route needs its authorizer to exist, whatever the catalogue's order.
    const authorizersFirst = [...functions.values()].sort(
      (a, b) => Number(Boolean(b.spec.webSocketAuthorizer)) - Number(Boolean(a.spec.webSocketAuthorizer)),
    );
    for (const catalogFunction of authorizersFirst) {
      this.httpApi.addRoutesFor(catalogFunction);
      this.realtimeApi.addRoutesFor(catalogFunction);
      this.events.addRulesFor(catalogFunction);
      if (catalogFunction.spec.cognitoTrigger) {
        this.merchantAuth.addTrigger(catalogFunction.spec.cognitoTrigger, catalogFunction.function);
      }
      if (catalogFunction.spec.signsOutUsers) {
        this.merchantAuth.grantSignOut(catalogFunction.function, constructIdOf(catalogFunction.spec.name));
      }
      if (catalogFunction.spec.readsTwoFactor) {
        // The token trigger also names the app client it issues to; the off route restores (docs/decisions.md #259).
        const extraActions = [
          ...(catalogFunction.spec.cognitoTrigger === 'preTokenGeneration'
            ? ['cognito-idp:DescribeUserPoolClient']
            : []),
          ...(catalogFunction.spec.restoresTwoFactor ? ['cognito-idp:AdminSetUserMFAPreference'] : []),
        ];
        this.merchantAuth.grantReadTwoFactor(
          catalogFunction.function,
          constructIdOf(catalogFunction.spec.name),
          extraActions,
        );
      }
    }

    // Dashboard and alarms for everything above (docs/runbook.md); the stage's alarmEmail is subscribed.
    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage,
      isProduction,
      functions: [...functions.values()],
      httpApi: this.httpApi,
      events: this.events,
      webAclName: props.webAclName ?? `paylink-${stage}-edge`,
      alarmEmail: settings.alarmEmail,
      detailedRouteMetrics: settings.detailedRouteMetrics,
      authorizers: [
        { name: httpAuthorizers.origin.name, id: 'OriginCheck', function: this.originCheck.function },
        { name: httpAuthorizers.merchantToken.name, id: 'MerchantCheck', function: this.originCheck.merchantFunction },
      ],
      realtime: { apiId: this.realtimeApi.api.apiId, stageName: this.realtimeApi.stage.stageName },
    });

    const runtimeConfig: RuntimeConfig = {
      region: this.region,
      userPoolId: this.merchantAuth.userPool.userPoolId,
      userPoolClientId: this.merchantAuth.webClient.userPoolClientId,
      realtimeUrl: this.realtimeApi.url,
    };
    new WebAppDeployment(this, 'WebApp', {
      repoRoot: REPO_ROOT,
      isProduction,
      siteBucket: this.web.siteBucket,
      distribution: this.web.distribution,
      runtimeConfig,
    });

    new CfnOutput(this, 'AppUrl', { value: this.web.appOrigin, description: 'The web app' });
    new CfnOutput(this, 'ApiUrl', {
      value: `${this.web.appOrigin}/api`,
      description:
        "The HTTP API, through CloudFront (its own execute-api URL refuses requests without CloudFront's header)",
    });
    new CfnOutput(this, 'RealtimeUrl', { value: this.realtimeApi.url, description: 'WebSocket API' });
    new CfnOutput(this, 'UserPoolId', { value: this.merchantAuth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.merchantAuth.webClient.userPoolClientId });
    new CfnOutput(this, 'EventBusName', { value: this.events.bus.eventBusName });
    if (this.mailIdentity instanceof EmailIdentity && mailIdentityIsDomain) {
      // SES verifies a domain once these CNAMEs are published in its DNS (no hosted zone is assumed).
      this.mailIdentity.dkimRecords.forEach((record, index) => {
        new CfnOutput(this, `MailDkimRecord${index + 1}`, { value: `${record.name} CNAME ${record.value}` });
      });
    } else if (settings.mailIdentityExists) {
      new CfnOutput(this, 'MailIdentityInUse', {
        value: settings.mailIdentity,
        description:
          'An SES identity this stack did not create (mailIdentityExists, infra/stages.ts): its DKIM records and verification are managed where it was made',
      });
    }
    new CfnOutput(this, 'Dashboard', {
      value: this.monitoring.dashboardName,
      description: 'CloudWatch dashboard; alarms go to the SNS topic paylink-<stage>-alarms (docs/runbook.md)',
    });
    new CfnOutput(this, 'SecretNamePrefix', {
      value: `paylink/${stage}/`,
      description: 'Secrets Manager names: <prefix><secret id>',
    });
  }
}

/** Why each secret has no rotation schedule (cdk-nag AwsSolutions-SMG4), in its own words. */
function whyNotRotated(secretId: SecretId): string {
  switch (secretId) {
    case 'stripe-secret-key':
    case 'stripe-webhook-secret':
    case 'stripe-connect-webhook-secret':
      return 'Stripe issues and rolls this key in its dashboard; no rotation Lambda can mint a new one. Operators roll it in Stripe and put the new value (README).';
    case 'magic-link-key':
      return 'Rotating the magic-link signing key would void every link in flight; it is rolled by hand (put-secret-value, README) when compromise is suspected.';
    case 'bot-check-key':
      return 'Rotating the bot-check key voids the sign-up challenges being solved; it is rolled by hand (put-secret-value, README) when compromise is suspected.';
    case 'consumer-demo-password-hash':
      return 'A hash of the password an operator chose for the consumer demo, not a key: it changes when the operator sets a new password (README).';
  }
}
