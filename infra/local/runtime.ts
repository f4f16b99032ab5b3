/**
 * The local runtime: every AWS service Paylink uses, on this machine, wired from the same catalogue and
 * table specs as the cloud stack. `npm start` and the test harness both boot it through here.
 *
 * Functions run in this process and find their services the way they do in Lambda — through the
 * environment (table names, bus name, user pool, and the AWS SDK's standard AWS_ENDPOINT_URL_<SERVICE>
 * variables, which point the unchanged SDK clients at the local emulators).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalog, stripeWebhookEventTypes } from '@functions/catalog';
import { STRIPE_WEBHOOKS, type FunctionSpec, type SecretId, type TableId } from '@functions/function-spec';
import { ENV, ORIGIN_SECRET_ENV, ORIGIN_VERIFY_HEADER, tableEnvName } from '@functions/environment';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';
import { startLocalCognito, type LocalCognito } from './cognito';
import { directoryDeadLetterStore } from './dead-letters';
import { startLocalDynamo, type LocalDynamo } from './dynamodb';
import { PAYLINK_BUS_NAME, startLocalEventBus, type LocalEventBus } from './event-bus';
import { startLocalGateway, type LocalGateway } from './gateway';
import { startLocalMailbox, type LocalMailbox } from './mailbox';
import { LocalMeter, registerMeter } from './meter';
import { PORT_VARIABLES, assertPortFree, type PortName, type Ports } from './ports';
import { startLocalScheduler, type LocalScheduler } from './scheduler';
import { localSecrets, secretEnvironment } from './secrets';
import { startStripeSandbox, type StripeSandbox } from './stripe-sandbox/server';

/** Under the data directory: the bus's dead letters, one JSON file each. */
export const DEAD_LETTERS_DIRECTORY = 'dead-letters';

/** The region the local runtime claims to be in; any value works, this one is nearest New Zealand. */
export const LOCAL_REGION = 'ap-southeast-2';
export const LOCAL_MAIL_FROM = 'Paylink <no-reply@paylink.local>';
/** The configuration set the local functions send with: the mailbox's simulator answers only such sends (#201). */
export const LOCAL_MAIL_CONFIGURATION_SET = 'paylink-local';
/**
 * What the gateway, playing CloudFront, sends in the origin header, and the merchant authorizer expects
 * (in the cloud, a Secrets Manager secret). One per process, so runtimes started in one process agree.
 */
const LOCAL_ORIGIN_SECRET = randomBytes(32).toString('base64url');

export interface LocalRuntimeOptions {
  /**
   * Ports for the services (the app port is unused here; start.ts serves the app). A port of 0 lets the OS
   * choose as the server listens (`anyPorts()`, what the tests boot on); `ports` on the runtime says which.
   */
  ports: Ports;
  /**
   * Where dynalite and cognito-local keep their data, and the bus its dead letters (`dead-letters/`);
   * omitted = dynalite and dead letters in memory, cognito in a temp folder.
   */
  dataDirectory?: string;
  /** The catalogue to serve (tests may pass a fixture). */
  functions?: readonly FunctionSpec[];
  /** A built SPA for the gateway to serve. */
  staticDir?: string;
  /** The web app's origin (for links in emails and Stripe return URLs); defaults to the gateway. */
  appOrigin?: string;
  /** Paylink's own GST number, as a stage's `paylinkGstNumber` (infra/stages.ts); unset = not registered. */
  paylinkGstNumber?: string;
  /** The public routes' per-client limit; the cloud's unless a benchmark turns it off (`false`). */
  publicRateLimit?: { requests: number; windowSeconds: number } | false;
  /**
   * DynamoDB's item size limit in KB (400, as in the cloud, unless a test lowers it to reach the limit with
   * a few hundred writes instead of tens of thousands).
   */
  dynamoMaxItemSizeKb?: number;
  /**
   * Whether each schedule fires on its own timer, as EventBridge's rule does (default). The integration
   * harness turns them off and tests call `scheduler.runNow`, so no timer races a test's own run.
   */
  scheduleTimers?: boolean;
  log?: (line: string) => void;
}

export interface LocalRuntime {
  /** The ports the services listen on (the app's as given). */
  ports: Ports;
  gateway: LocalGateway;
  cognito: LocalCognito;
  dynamo: LocalDynamo;
  mailbox: LocalMailbox;
  bus: LocalEventBus;
  scheduler: LocalScheduler;
  stripe: StripeSandbox;
  /** Invocations and their durations per function and trigger, bus events, emails (meter.ts). */
  meter: LocalMeter;
  runtimeConfig: RuntimeConfig;
  /** The environment the functions see. */
  functionEnvironment: Record<string, string>;
  /**
   * Points the functions' links at a web app started after the runtime (one on port 0 is known only once it
   * listens, and it needs the runtime's gateway first).
   */
  useAppOrigin(origin: string): void;
  stop(): Promise<void>;
}

/** The environment every function sees: what the CDK stack sets per function, all at once. */
function functionEnvironment(parts: {
  dynamo: LocalDynamo;
  cognito: LocalCognito;
  mailbox: LocalMailbox;
  bus: LocalEventBus;
  managementEndpoint: string;
  appOrigin: string;
}): Record<string, string> {
  const tableVariables = Object.entries(parts.dynamo.tableNames).map(([table, name]) => [
    tableEnvName(table as TableId),
    name,
  ]);
  return {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: parts.dynamo.endpoint,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: parts.cognito.endpoint,
    AWS_ENDPOINT_URL_SESV2: parts.mailbox.url,
    AWS_ENDPOINT_URL_EVENTBRIDGE: parts.bus.endpoint,
    ...Object.fromEntries(tableVariables),
    [ENV.eventBusName]: PAYLINK_BUS_NAME,
    [ENV.userPoolId]: parts.cognito.userPoolId,
    [ENV.userPoolClientId]: parts.cognito.userPoolClientId,
    [ENV.userPoolServerClientId]: parts.cognito.userPoolServerClientId,
    [ENV.tokenIssuer]: parts.cognito.issuer,
    [ENV.realtimeManagementEndpoint]: parts.managementEndpoint,
    [ENV.appOrigin]: parts.appOrigin,
    [ENV.mailFrom]: LOCAL_MAIL_FROM,
    [ENV.mailConfigurationSet]: LOCAL_MAIL_CONFIGURATION_SET,
    [ORIGIN_SECRET_ENV.value]: LOCAL_ORIGIN_SECRET,
  };
}

/** The ports the services got (with port 0, the OS chose them as each listened), the app's as given. */
export function portsListenedOn(
  app: number,
  services: Pick<LocalRuntime, 'gateway' | 'dynamo' | 'cognito' | 'mailbox' | 'bus' | 'stripe'>,
): Ports {
  const port = (url: string) => Number(new URL(url).port);
  return {
    app,
    gateway: port(services.gateway.url),
    dynamodb: port(services.dynamo.endpoint),
    cognito: port(services.cognito.endpoint),
    mailbox: port(services.mailbox.url),
    eventBus: port(services.bus.endpoint),
    stripe: services.stripe.port,
  };
}

/** Stripe's webhook paths (the two endpoints an operator creates in the Stripe dashboard, README). */
export const STRIPE_PLATFORM_WEBHOOK_PATH = STRIPE_WEBHOOKS.platform.path;
export const STRIPE_CONNECT_WEBHOOK_PATH = STRIPE_WEBHOOKS.connect.path;

/**
 * The sandbox sends webhooks to the endpoints the catalogue serves, signed with the local secrets, as a
 * Stripe account configured per the README would: each endpoint subscribed to the event types the
 * catalogue's rules take from it (so an event no consumer takes, e.g. payment_intent.succeeded, is not sent,
 * as in the cloud). An endpoint the app does not serve yet gets none.
 */
export function stripeWebhookEndpoints(
  functions: readonly FunctionSpec[],
  gatewayUrl: string,
  secrets: Record<SecretId, string>,
) {
  const served = (path: string) =>
    functions.some((fn) => fn.routes?.some((route) => route.method === 'POST' && route.path === path));
  return {
    ...(served(STRIPE_PLATFORM_WEBHOOK_PATH) && {
      platformWebhook: {
        url: `${gatewayUrl}${STRIPE_PLATFORM_WEBHOOK_PATH}`,
        secret: secrets['stripe-webhook-secret'],
        enabledEvents: stripeWebhookEventTypes('platform', functions),
      },
    }),
    ...(served(STRIPE_CONNECT_WEBHOOK_PATH) && {
      connectWebhook: {
        url: `${gatewayUrl}${STRIPE_CONNECT_WEBHOOK_PATH}`,
        secret: secrets['stripe-connect-webhook-secret'],
        enabledEvents: stripeWebhookEventTypes('connect', functions),
      },
    }),
  };
}

/** What both runtimes (the sources' and the cloud assembly's) have before their first service starts. */
export interface ServicesStarting {
  /** Everything started so far, stopped in reverse order by `stopAll` (a later step failing, or stop()). */
  stops: (() => Promise<void> | void)[];
  stopAll(): Promise<void>;
  meter: LocalMeter;
  /** Where cognito-local keeps its users: under the data directory, or a temporary one removed on stop. */
  cognitoDirectory: string;
}

/**
 * Checks the fixed ports, registers the meter and picks Cognito's directory. A fixed port (npm start's) is
 * checked first so a person reads which variable to change; port 0 cannot be taken.
 */
export async function beginLocalServices(
  ports: Ports,
  dataDirectory: string | undefined,
  temporaryPrefix: string,
): Promise<ServicesStarting> {
  const servicePorts: PortName[] = ['gateway', 'dynamodb', 'cognito', 'mailbox', 'eventBus', 'stripe'];
  for (const name of servicePorts) {
    if (ports[name] !== 0) await assertPortFree(ports[name], PORT_VARIABLES[name].variable);
  }
  const stops: ServicesStarting['stops'] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
    stops.length = 0;
  };
  const meter = new LocalMeter();
  stops.push(registerMeter(meter));
  let cognitoDirectory = dataDirectory && path.join(dataDirectory, 'cognito');
  if (!cognitoDirectory) {
    try {
      const temporary = mkdtempSync(path.join(os.tmpdir(), temporaryPrefix));
      stops.push(() => rmSync(temporary, { recursive: true, force: true }));
      cognitoDirectory = temporary;
    } catch (error) {
      await stopAll();
      throw error;
    }
  }
  return { stops, stopAll, meter, cognitoDirectory };
}

export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<LocalRuntime> {
  const { ports, log } = options;
  const functions = options.functions ?? catalog;
  const { stops, stopAll, meter, cognitoDirectory } = await beginLocalServices(
    ports,
    options.dataDirectory,
    'paylink-cognito-',
  );
  try {
    const dynamo = await startLocalDynamo({
      port: ports.dynamodb,
      dataPath: options.dataDirectory && path.join(options.dataDirectory, 'dynamodb'),
      maxItemSizeKb: options.dynamoMaxItemSizeKb,
    });
    stops.push(dynamo.stop);
    // SES's feedback reaches the bus, which starts after the mailbox (it is what Cognito's emails go through).
    const feedback: { bus?: LocalEventBus } = {};
    const mailbox = await startLocalMailbox({
      port: ports.mailbox,
      meter,
      onFeedback: (event) => feedback.bus?.put('default', event),
    });
    stops.push(mailbox.stop);
    const cognito = await startLocalCognito({
      port: ports.cognito,
      dataDirectory: cognitoDirectory,
      functions,
      mailboxUrl: mailbox.url,
      mailFrom: LOCAL_MAIL_FROM,
    });
    stops.push(cognito.stop);
    const bus = await startLocalEventBus({
      port: ports.eventBus,
      functions,
      deadLetters: options.dataDirectory
        ? directoryDeadLetterStore(path.join(options.dataDirectory, DEAD_LETTERS_DIRECTORY))
        : undefined,
      meter,
      log,
    });
    stops.push(bus.stop);
    feedback.bus = bus;

    // The gateway before the Stripe sandbox: the sandbox's webhooks go to the gateway's URL, known once it
    // listens. Nothing calls either before this function returns, so the environment set after both is in
    // place before any function runs.
    const gateway = await startLocalGateway({
      port: ports.gateway,
      functions,
      // The gateway plays CloudFront: the header the merchant authorizer checks, as the cloud's carries it.
      originHeaders: { [ORIGIN_VERIFY_HEADER]: LOCAL_ORIGIN_SECRET },
      runtimeConfig: {
        region: LOCAL_REGION,
        userPoolId: cognito.userPoolId,
        userPoolClientId: cognito.userPoolClientId,
        userPoolEndpoint: cognito.endpoint,
      },
      staticDir: options.staticDir,
      publicRateLimit: options.publicRateLimit,
      log,
    });
    stops.push(gateway.stop);

    const secrets = localSecrets(options.dataDirectory);
    const stripe = await startStripeSandbox({
      port: ports.stripe,
      dataPath: options.dataDirectory && path.join(options.dataDirectory, 'stripe-sandbox.json'),
      ...stripeWebhookEndpoints(functions, gateway.url, secrets),
      log,
    });
    stops.push(stripe.stop);

    const environment = functionEnvironment({
      dynamo,
      cognito,
      mailbox,
      bus,
      managementEndpoint: gateway.managementEndpoint,
      appOrigin: options.appOrigin ?? gateway.url,
    });
    Object.assign(process.env, environment, secretEnvironment(secrets), {
      ...(options.paylinkGstNumber && { [ENV.paylinkGstNumber]: options.paylinkGstNumber }),
      [ENV.stripeApiUrl]: stripe.url,
      [ENV.stripeDashboardUrl]: `${stripe.url}/dashboard`,
    });
    const scheduler = startLocalScheduler({ functions, timers: options.scheduleTimers, log });
    stops.push(scheduler.stop);

    return {
      ports: portsListenedOn(ports.app, { gateway, dynamo, cognito, mailbox, bus, stripe }),
      gateway,
      cognito,
      dynamo,
      mailbox,
      bus,
      scheduler,
      stripe,
      meter,
      runtimeConfig: gateway.runtimeConfig,
      functionEnvironment: environment,
      useAppOrigin(origin) {
        environment[ENV.appOrigin] = origin;
        process.env[ENV.appOrigin] = origin;
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
