/**
 * One Lambda function built from one catalogue entry: its bundle, its log group, and a role that holds
 * exactly what the entry declares (tables, secrets, email, events, realtime pushes) plus writing its own
 * logs — nothing else, not even the AWS managed basic-execution policy (whose `logs:*` reach is every log
 * group in the account).
 *
 * The function and its role may live in a nested stack (its area's, infra/stack.ts) while its log group stays
 * here, in the app stack, under its fixed name: a named resource cannot move between stacks in one deploy
 * (the new stack would create the name before the old one deletes it), and its logs would go with it.
 */
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { AssetHashType, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  ApplicationLogLevel,
  Architecture,
  Code,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { MailEvents } from './mail-events';
import { Construct } from 'constructs';
import { namedResourceRemovalPolicy } from '../removal-policies';
import {
  DEFAULT_TIMEOUT_SECONDS,
  eventSourcesOf,
  type FunctionSpec,
  type SecretId,
  type TableId,
} from '@functions/function-spec';
import { ENV, secretArnEnvName, tableEnvName } from '@functions/environment';
import { tables as tableSpecs } from '../tables';
import { acknowledgeWildcardResource } from '../wildcard-finding-id';
import type { DataTables } from './data-tables';

/** The newest Node.js Lambda runtime this aws-cdk-lib knows (cdk-nag's AwsSolutions-L1 asks for the newest). */
export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;
export const FUNCTION_ARCHITECTURE = Architecture.ARM_64;
/** How long each function's logs are kept: a payment's story must outlive a merchant's monthly statement. */
export const FUNCTION_LOG_RETENTION = { production: RetentionDays.THREE_MONTHS, other: RetentionDays.ONE_MONTH };
/** The stage's name in every function's environment: the metrics' `stage` dimension (functions/adapters/observability.ts). */
export const STAGE_ENV = 'PAYLINK_STAGE';

/** Everything in the stack a catalogue entry may be given, if it declares it. */
export interface CatalogFunctionDependencies {
  /** Absolute path of the repository root; catalogue entries are relative to it. */
  repoRoot: string;
  tables: DataTables;
  secrets: ReadonlyMap<SecretId, ISecret>;
  eventBus: IEventBus;
  mailIdentity: IEmailIdentity;
  mailFrom: string;
  /** The configuration set every email is sent with (bounces and complaints, docs/decisions.md #201). */
  mailEvents: MailEvents;
  realtimeStage: WebSocketStage;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  /** The server-only client (docs/decisions.md #259): Paylink's two-factor routes sign in through it. */
  userPoolServerClient: IUserPoolClient;
  tokenIssuer: string;
  appOrigin: string;
  /** Paylink's own GST number (the stage's `paylinkGstNumber`), when registered: every function may read it. */
  paylinkGstNumber?: string;
}

export interface CatalogFunctionProps {
  spec: FunctionSpec;
  dependencies: CatalogFunctionDependencies;
  stage: string;
  isProduction: boolean;
  /**
   * Where the function, its role and its event rules are defined: its area's nested stack. Unset: here,
   * beside its log group (a Cognito trigger, which its user pool and its pool's permission tie to the app stack).
   */
  home?: Construct;
}

/**
 * One function's bundle as its asset, built by infra/constructs/bundle-function.ts (the options every bundle
 * shares are in function-bundling.ts). Built on this machine only: it needs the repository's node_modules,
 * which a synth has anyway. Hashed by its output, as NodejsFunction's own bundling is, so an unchanged bundle
 * deploys nothing; skipped, as NodejsFunction's is, by a synth that bundles no stack.
 */
export function functionCode(repoRoot: string, entry: string, stripeResources: readonly string[] = []): Code {
  return Code.fromAsset(repoRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: FUNCTION_RUNTIME.bundlingImage,
      // CDK reuses a staged asset by a key made of these options as JSON, in which `tryBundle` (a function) is
      // nothing: the entry must be in the options as data, or every function after the first deploys the
      // first one's bundle (docs/decisions.md #113).
      environment: { PAYLINK_FUNCTION_ENTRY: entry, PAYLINK_FUNCTION_STRIPE_RESOURCES: stripeResources.join(',') },
      local: {
        tryBundle(outputDir) {
          const script = path.join(repoRoot, 'infra/constructs/bundle-function.ts');
          const args = [script, repoRoot, entry, outputDir, stripeResources.join(',')];
          const run = spawnSync(process.execPath, ['--import', 'tsx', ...args], {
            cwd: repoRoot,
            stdio: 'inherit',
          });
          if (run.status !== 0) throw new Error(`Bundling ${entry} failed (exit ${run.status ?? run.signal})`);
          return true;
        },
      },
    },
  });
}

export class CatalogFunction extends Construct {
  readonly spec: FunctionSpec;
  readonly function: NodejsFunction;
  readonly role: Role;
  /** In the app stack, whichever stack the function is in. */
  readonly logGroup: LogGroup;
  /** The construct the function, its role and its rules are defined under (in its nested stack, if it has one). */
  readonly home: Construct;

  constructor(scope: Construct, id: string, props: CatalogFunctionProps) {
    super(scope, id);
    const { spec, dependencies: deps } = props;
    this.spec = spec;
    // Same id in the nested stack: the construct paths (and cdk-nag's findings) still name the function.
    const home = props.home ? new Construct(props.home, id) : this;
    this.home = home;

    this.logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/paylink/${props.stage}/functions/${spec.name}`,
      retention: props.isProduction ? FUNCTION_LOG_RETENTION.production : FUNCTION_LOG_RETENTION.other,
      removalPolicy: namedResourceRemovalPolicy(props.isProduction),
    });
    this.role = new Role(home, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Paylink ${spec.name}: only what functions/catalog.ts declares for it`,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(home, 'Function', {
      description: spec.description,
      // NodejsFunction with code it is handed: CDK's own bundling runs the esbuild CLI, which takes no plugins,
      // and the bundle drops the Stripe SDK's unused resources with one (docs/decisions.md #95).
      code: functionCode(deps.repoRoot, spec.entry, spec.stripeResources),
      handler: 'index.handler',
      runtime: FUNCTION_RUNTIME,
      architecture: FUNCTION_ARCHITECTURE,
      memorySize: 512,
      timeout: Duration.seconds(spec.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS),
      role: this.role,
      logGroup: this.logGroup,
      // Lambda's own lines (START, REPORT, timeouts) as JSON too, beside Powertools' JSON: one Logs Insights
      // query reads both. INFO: the application's level; Powertools follows it (AWS_LAMBDA_LOG_LEVEL).
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      systemLogLevelV2: SystemLogLevel.INFO,
      // X-Ray: each invocation is a segment; the AWS SDK passes the trace id on (its X-Amzn-Trace-Id header),
      // and EventBridge carries it from PutEvents to the consumer, so webhook → bus → consumer is one trace.
      // Sampling happens off the request path (the daemon's UDP), so it adds no latency a payer could see.
      tracing: Tracing.ACTIVE,
      environment: { ...environmentOf(spec, deps), [STAGE_ENV]: props.stage, POWERTOOLS_SERVICE_NAME: 'paylink' },
    });

    this.grantDeclaredAccess(spec, deps);
    Validations.of(home).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: `${spec.name} sends its X-Ray trace segments: xray:PutTraceSegments and xray:PutTelemetryRecords have no resource type, so AWS accepts only "*" for them.`,
    });
  }

  private grantDeclaredAccess(spec: FunctionSpec, deps: CatalogFunctionDependencies) {
    for (const [tableId, access] of Object.entries(spec.tables ?? {}) as [TableId, 'read' | 'readwrite'][]) {
      const table = deps.tables.get(tableId);
      if (access === 'readwrite') table.grantReadWriteData(this.role);
      else table.grantReadData(this.role);
      const indexNames = (tableSpecs[tableId].indexes ?? []).map((index) => index.name);
      if (indexNames.length > 0) {
        acknowledgeWildcardResource(
          this.home,
          `${table.tableArn}/index/*`,
          `${spec.name} queries the ${tableId} table's own secondary indexes (${indexNames.join(', ')}); "/index/*" reaches only that table's indexes.`,
        );
      }
    }
    for (const secretId of spec.secrets ?? []) {
      const secret = deps.secrets.get(secretId);
      if (!secret) throw new Error(`${spec.name} declares an unknown secret "${secretId}"`);
      secret.grantRead(this.role);
    }
    if (spec.sendsEmail) {
      deps.mailIdentity.grantSendEmail(this.role);
      deps.mailEvents.grantSendEmail(this.role, this);
    }
    if (spec.putsEvents) {
      // Only under the sources it declares: a compromised checkout function cannot forge Stripe's events,
      // nor the webhook ingress Paylink's own.
      this.role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['events:PutEvents'],
          resources: [deps.eventBus.eventBusArn],
          conditions: { StringEquals: { 'events:source': [...eventSourcesOf(spec)] } },
        }),
      );
    }
    if (spec.pushesToConnections) {
      deps.realtimeStage.grantManagementApiAccess(this.role);
      acknowledgeWildcardResource(
        this.home,
        `${Stack.of(deps.realtimeStage.api).formatArn({ service: 'execute-api', resource: deps.realtimeStage.api.apiId })}/${deps.realtimeStage.stageName}/*/@connections/*`,
        `${spec.name} pushes to merchants' open sockets: connection ids exist only at run time, and the ARN is limited to this API's ${deps.realtimeStage.stageName} stage.`,
      );
    }
  }
}

/**
 * Declared resources reach only the functions that declare them. The user pool's ids, the token issuer
 * and the app origin are public identifiers the catalogue has no field for, so every function gets them —
 * except Cognito triggers: the pool refers to its triggers, so a trigger referring back to the pool
 * would be a dependency cycle (a trigger finds the pool id in its event anyway).
 */
function environmentOf(spec: FunctionSpec, deps: CatalogFunctionDependencies): Record<string, string> {
  const environment: Record<string, string> = {
    // The bundle ships a source map; this makes stack traces in the logs point at our TypeScript.
    NODE_OPTIONS: '--enable-source-maps',
    [ENV.appOrigin]: deps.appOrigin,
    ...(deps.paylinkGstNumber && { [ENV.paylinkGstNumber]: deps.paylinkGstNumber }),
  };
  for (const tableId of Object.keys(spec.tables ?? {}) as TableId[]) {
    environment[tableEnvName(tableId)] = deps.tables.get(tableId).tableName;
  }
  for (const secretId of spec.secrets ?? []) {
    const secret = deps.secrets.get(secretId);
    if (secret) environment[secretArnEnvName(secretId)] = secret.secretArn;
  }
  if (spec.putsEvents) environment[ENV.eventBusName] = deps.eventBus.eventBusName;
  if (spec.pushesToConnections) environment[ENV.realtimeManagementEndpoint] = deps.realtimeStage.callbackUrl;
  if (spec.sendsEmail) {
    environment[ENV.mailFrom] = deps.mailFrom;
    environment[ENV.mailConfigurationSet] = deps.mailEvents.configurationSetName;
  }
  if (!spec.cognitoTrigger) {
    environment[ENV.userPoolId] = deps.userPool.userPoolId;
    environment[ENV.userPoolClientId] = deps.userPoolClient.userPoolClientId;
    environment[ENV.userPoolServerClientId] = deps.userPoolServerClient.userPoolClientId;
    environment[ENV.tokenIssuer] = deps.tokenIssuer;
  }
  return environment;
}
