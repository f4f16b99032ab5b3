/**
 * The local runtime booted from a synthesized, bundled cloud assembly (`cdk.out`) instead of the sources and
 * the catalogue: the thing that deploys is the thing that runs. Each `AWS::Lambda::Function` runs from its
 * asset folder at its `Handler`, in a worker of its own with ONLY its template's environment (intrinsics
 * resolved to the local resources, local-resources.ts) plus what points its SDK at this machine; routes,
 * authorizers, rules, schedules and Cognito triggers come from the template (assembly-wiring.ts), and each
 * AWS call a function makes passes the IAM gate, judged against its role's policies (iam-gate.ts).
 *
 * It returns the same `LocalRuntime` as startLocalRuntime (runtime.ts), so the smoke checks and an API
 * journey run against either; `notRun` lists what the template holds that is not run here.
 */
import path from 'node:path';
import { TABLE_IDS, type FunctionSpec, type TableId } from '@functions/function-spec';
import { ENV, tableEnvName } from '@functions/environment';
import { startLocalCognito, type LocalCognito } from '../cognito';
import { directoryDeadLetterStore } from '../dead-letters';
import { startLocalDynamo } from '../dynamodb';
import { startLocalEventBus } from '../event-bus';
import { registerInvoker } from '../function-loader';
import { startLocalGateway } from '../gateway';
import { startLocalMailbox } from '../mailbox';
import type { Ports } from '../ports';
import {
  beginLocalServices,
  DEAD_LETTERS_DIRECTORY,
  LOCAL_MAIL_FROM,
  LOCAL_REGION,
  portsListenedOn,
  stripeWebhookEndpoints,
  type LocalRuntime,
} from '../runtime';
import { startLocalScheduler } from '../scheduler';
import { localSecrets, secretEnvironment } from '../secrets';
import { startStripeSandbox } from '../stripe-sandbox/server';
import { wireAssembly, type AssemblyFunction } from './assembly-wiring';
import { readCloudAssembly } from './cloud-assembly';
import { startFunctionWorkers, type WorkerFunction } from './function-workers';
import { templateRouteAuthorizer } from './http-authorizers';
import type { IamDenial, IamGatedService, IamPrincipal } from './iam-gate';
import { resolveDynamicReferences } from './intrinsics';
import { LOCAL_ACCOUNT_ID, createAssemblyResolver, localApiId } from './local-resources';
import { notRunLines } from './not-run';
import { iamPrincipalsOf } from './role-policies';
import { ensureAwsSdkResolves, stackRegion, tableInputs, templateSecrets, webAppAsset } from './template-services';
import { localSecretArn, startLocalSecretsManager } from './secrets-manager';

export interface AssemblyRuntimeOptions {
  /** A synthesized, bundled cloud assembly: `npx cdk synth -c stage=prod -o cdk.out/bundled-prod`. */
  assemblyDirectory: string;
  /** The app stack's name in it. */
  stackName?: string;
  /** As startLocalRuntime's (0 = one the OS chooses; `ports` on the runtime says which). */
  ports: Ports;
  /** The built SPA to serve; defaults to the web app the assembly deploys (its first bucket deployment's asset). */
  staticDir?: string;
  /** The web app's origin, for the functions' APP_ORIGIN; defaults to the gateway. */
  appOrigin?: string;
  /** dynalite's and cognito-local's data and the dead letters; omitted = in memory and a temp folder. */
  dataDirectory?: string;
  /** As startLocalRuntime's: false leaves every schedule to `scheduler.runNow`. */
  scheduleTimers?: boolean;
  /** Each function's AWS calls judged against its role's policies (default true). */
  enforceIam?: boolean;
  log?: (line: string) => void;
}

export interface AssemblyRuntime extends LocalRuntime {
  /** One line per thing in the template not run here (also logged at start). */
  notRun: string[];
  /** Every function run here: its logical id, its name (as it logs), and the environment its worker gets. */
  functions: { logicalId: string; name: string; environment: Record<string, string> }[];
  /** The IAM gate's refusals so far (empty when IAM is not enforced). */
  iamDenials: IamDenial[];
  /** The principals given to the IAM gate: each function's role, resolved to local ARNs. */
  iamPrincipals: IamPrincipal[];
}

export async function startAssemblyRuntime(options: AssemblyRuntimeOptions): Promise<AssemblyRuntime> {
  const { ports } = options;
  const log = options.log ?? (() => undefined);
  const stackName = options.stackName ?? 'Paylink-prod';
  const assembly = readCloudAssembly(options.assemblyDirectory, stackName);
  const region = stackRegion(options.assemblyDirectory, stackName) ?? LOCAL_REGION;
  const accountId = LOCAL_ACCOUNT_ID;
  ensureAwsSdkResolves(assembly, log);

  let cognito: LocalCognito | undefined;
  const resolver = createAssemblyResolver(assembly, {
    region,
    accountId,
    userPoolId: () => cognito?.userPoolId ?? 'user-pool-not-started',
    userPoolClientId: () => cognito?.userPoolClientId ?? 'user-pool-client-not-started',
    userPoolServerClientId: () => cognito?.userPoolServerClientId ?? 'user-pool-client-not-started',
    secretArn: (name) => localSecretArn(name, region, accountId),
  });
  const wiring = wireAssembly(assembly, resolver);
  const notRun = [...notRunLines(assembly), ...wiring.notWired];
  const specs: FunctionSpec[] = wiring.functions.flatMap((fn) => [fn.spec, ...fn.triggerSpecs]);

  const { stops, stopAll, meter, cognitoDirectory } = await beginLocalServices(
    ports,
    options.dataDirectory,
    'paylink-assembly-cognito-',
  );
  try {
    const secretValues = localSecrets(options.dataDirectory);
    const secrets = templateSecrets(assembly, resolver, secretValues);
    const secretsManager = await startLocalSecretsManager({ port: 0, region, accountId, secrets });
    stops.push(secretsManager.stop);

    const dynamo = await startLocalDynamo({
      port: ports.dynamodb,
      dataPath: options.dataDirectory && path.join(options.dataDirectory, 'dynamodb'),
      tables: tableInputs(assembly, resolver),
    });
    stops.push(dynamo.stop);
    const mailbox = await startLocalMailbox({ port: ports.mailbox, meter });
    stops.push(mailbox.stop);
    const issuerDomain = `https://cognito-idp.${region}.amazonaws.com`;
    cognito = await startLocalCognito({
      port: ports.cognito,
      dataDirectory: cognitoDirectory,
      functions: specs.filter((spec) => spec.cognitoTrigger),
      mailboxUrl: mailbox.url,
      mailFrom: LOCAL_MAIL_FROM,
      asCognitoIn: { region, issuerDomain },
    });
    stops.push(cognito.stop);
    const bus = await startLocalEventBus({
      port: ports.eventBus,
      functions: specs,
      rules: wiring.busRules,
      deadLetters: options.dataDirectory
        ? directoryDeadLetterStore(path.join(options.dataDirectory, DEAD_LETTERS_DIRECTORY))
        : undefined,
      meter,
      log,
    });
    stops.push(bus.stop);

    // The gateway plays CloudFront too: the API origin's custom headers (the origin secret) on every request.
    const distributionConfig = wiring.distribution
      ? (resolver.resolve(wiring.distribution.stack, wiring.distribution.resource.Properties?.DistributionConfig) as {
          Aliases?: string[];
          Origins?: { DomainName: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: string }[] }[];
        })
      : undefined;
    const secretValue = (id: string) =>
      secrets.find((secret) => id === secret.name || id === secretsManager.arnOf(secret.name))?.value;
    const httpApiId = wiring.httpApi ? String(resolver.refOf(wiring.httpApi)) : undefined;
    const apiOrigin = distributionConfig?.Origins?.find(
      (origin) => httpApiId && origin.DomainName.startsWith(`${httpApiId}.execute-api.`),
    );
    const originHeaders = Object.fromEntries(
      (apiOrigin?.OriginCustomHeaders ?? []).map((header) => [
        header.HeaderName.toLowerCase(),
        resolveDynamicReferences(header.HeaderValue, secretValue),
      ]),
    );
    const gateway = await startLocalGateway({
      port: ports.gateway,
      functions: specs.filter((spec) => spec.routes || spec.webSocketRoutes || spec.webSocketAuthorizer),
      runtimeConfig: {
        region,
        userPoolId: cognito.userPoolId,
        userPoolClientId: cognito.userPoolClientId,
        userPoolEndpoint: cognito.endpoint,
      },
      staticDir: options.staticDir ?? webAppAsset(assembly),
      // No WAF here (not-run.ts says so): its rate limit is not applied either.
      publicRateLimit: false,
      originHeaders,
      authorize: templateRouteAuthorizer({
        authorizers: wiring.httpAuthorizers,
        region,
        accountId,
        apiId: httpApiId ?? 'local',
        log,
      }),
      log,
    });
    stops.push(gateway.stop);

    const stripe = await startStripeSandbox({
      port: ports.stripe,
      dataPath: options.dataDirectory && path.join(options.dataDirectory, 'stripe-sandbox.json'),
      ...stripeWebhookEndpoints(specs, gateway.url, secretValues),
      log,
    });
    stops.push(stripe.stop);

    const upstreams: Record<IamGatedService, string> = {
      dynamodb: dynamo.endpoint,
      eventbridge: bus.endpoint,
      sesv2: mailbox.url,
      secretsmanager: secretsManager.endpoint,
      'cognito-idp': cognito.endpoint,
      'execute-api': gateway.managementEndpoint,
    };
    const { principals: iamPrincipals, notEvaluated } = iamPrincipalsOf(assembly, resolver, wiring.functions);
    notRun.push(...notEvaluated);
    let endpoints: Partial<Record<IamGatedService, string>> = upstreams;
    let iamDenials: IamDenial[] = [];
    if (options.enforceIam ?? true) {
      const { startIamGate } = await import('./iam-gate');
      const gate = await startIamGate({
        principals: iamPrincipals,
        upstreams,
        region,
        accountId,
        executeApi: wiring.webSocketApi && {
          apiId: localApiId(wiring.webSocketApi.entry.logicalId),
          stage: wiring.webSocketApi.stage,
        },
        log,
      });
      stops.push(gate.stop);
      endpoints = gate.endpoints;
      iamDenials = gate.denials;
    } else {
      notRun.push('IAM: not enforced (enforceIam: false); every AWS call a function makes is allowed');
    }

    const appOrigin = { current: options.appOrigin ?? gateway.url };
    // The cloud's URLs a function is given, and the local ones that stand for them.
    const cloudUrls = (): [string, string][] => {
      const rewrites: [string, string][] = [];
      if (wiring.webSocketApi) {
        const host = `${localApiId(wiring.webSocketApi.entry.logicalId)}.execute-api.${region}.amazonaws.com/${wiring.webSocketApi.stage}`;
        rewrites.push([`https://${host}`, endpoints['execute-api'] ?? gateway.managementEndpoint]);
        rewrites.push([`wss://${host}`, gateway.realtimeUrl]);
      }
      if (httpApiId) rewrites.push([`https://${httpApiId}.execute-api.${region}.amazonaws.com`, gateway.url]);
      if (wiring.distribution) {
        rewrites.push([
          `https://${String(resolver.attributeOf(wiring.distribution, 'DomainName'))}`,
          appOrigin.current,
        ]);
      }
      for (const alias of distributionConfig?.Aliases ?? []) rewrites.push([`https://${alias}`, appOrigin.current]);
      return rewrites;
    };
    const sdkEnvironment = {
      AWS_REGION: region,
      AWS_DEFAULT_REGION: region,
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb!,
      AWS_ENDPOINT_URL_EVENTBRIDGE: endpoints.eventbridge!,
      AWS_ENDPOINT_URL_SESV2: endpoints.sesv2!,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoints.secretsmanager!,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints['cognito-idp']!,
      // Stripe's SDK to the sandbox (functions/adapters/stripe-client.ts reads these only when set).
      [ENV.stripeApiUrl]: stripe.url,
      [ENV.stripeDashboardUrl]: `${stripe.url}/dashboard`,
    };
    const environmentOf = (fn: AssemblyFunction): Record<string, string> => {
      const properties = fn.entry.resource.Properties ?? {};
      const variables = resolver.resolve(
        fn.entry.stack,
        (properties.Environment as { Variables?: unknown })?.Variables ?? {},
      ) as Record<string, unknown>;
      const rewrites = cloudUrls();
      const local = Object.fromEntries(
        Object.entries(variables).map(([name, value]) => {
          let text = String(value);
          for (const [cloud, here] of rewrites) if (text.startsWith(cloud)) text = here + text.slice(cloud.length);
          return [name, text];
        }),
      );
      const logging = (properties.LoggingConfig ?? {}) as { ApplicationLogLevel?: string; LogFormat?: string };
      return {
        ...local,
        ...sdkEnvironment,
        // The IAM gate knows the caller by its access key: the function's logical id.
        AWS_ACCESS_KEY_ID: fn.logicalId,
        AWS_LAMBDA_FUNCTION_NAME: String(resolver.refOf(fn.entry)),
        AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
        AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
        LAMBDA_TASK_ROOT: path.dirname(fn.moduleFile),
        ...(logging.ApplicationLogLevel && { AWS_LAMBDA_LOG_LEVEL: logging.ApplicationLogLevel }),
        ...(logging.LogFormat && { AWS_LAMBDA_LOG_FORMAT: logging.LogFormat }),
      };
    };
    const workerFunctions: WorkerFunction[] = wiring.functions.map((fn) => ({
      logicalId: fn.logicalId,
      functionName: String(resolver.refOf(fn.entry)),
      moduleFile: fn.moduleFile,
      exportName: fn.exportName,
      environment: environmentOf(fn),
      timeoutSeconds: fn.timeoutSeconds,
      memoryMb: fn.memoryMb,
    }));
    const workers = startFunctionWorkers({
      functions: workerFunctions,
      hostRedirects: [{ from: issuerDomain, to: cognito.endpoint }],
    });
    // Stopped last (stops run in reverse): a retry the bus still runs while it stops reaches its worker, never
    // the bundle imported into this process.
    stops.unshift(workers.stop);
    for (const fn of wiring.functions) {
      for (const spec of [fn.spec, ...fn.triggerSpecs]) {
        stops.unshift(registerInvoker(spec, (event) => workers.invoke(fn.logicalId, event)));
      }
    }

    // As startLocalRuntime does, for code in this process that stands where a person, an operator or Stripe
    // would (test support signs webhooks with the secrets, reads tables directly): it reaches the emulators
    // past the IAM gate, as it is no function. The workers never see this process's environment.
    const callerEnvironment = {
      AWS_REGION: region,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: upstreams.dynamodb,
      AWS_ENDPOINT_URL_EVENTBRIDGE: upstreams.eventbridge,
      AWS_ENDPOINT_URL_SESV2: upstreams.sesv2,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: upstreams.secretsmanager,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: upstreams['cognito-idp'],
      [ENV.stripeApiUrl]: stripe.url,
      [ENV.stripeDashboardUrl]: `${stripe.url}/dashboard`,
    };
    Object.assign(process.env, callerEnvironment, secretEnvironment(secretValues));
    const scheduler = startLocalScheduler({ functions: specs, timers: options.scheduleTimers, log });
    stops.push(scheduler.stop);

    for (const line of notRun) log(`from the assembly: ${line}`);
    const tableNames = Object.fromEntries(
      TABLE_IDS.map((id) => [
        id,
        workerFunctions.map((fn) => fn.environment[tableEnvName(id)]).find(Boolean) ??
          `(no function names the ${id} table)`,
      ]),
    ) as Record<TableId, string>;
    return {
      ports: portsListenedOn(ports.app, { gateway, dynamo, cognito, mailbox, bus, stripe }),
      gateway,
      cognito,
      dynamo: { ...dynamo, tableNames },
      mailbox,
      bus,
      scheduler,
      stripe,
      meter,
      runtimeConfig: gateway.runtimeConfig,
      // Not one environment for all functions in this mode: what this process's own SDK clients use.
      functionEnvironment: callerEnvironment,
      functions: workerFunctions.map((fn) => ({
        logicalId: fn.logicalId,
        name: wiring.functions.find((candidate) => candidate.logicalId === fn.logicalId)!.spec.name,
        environment: fn.environment,
      })),
      notRun,
      iamDenials,
      iamPrincipals,
      useAppOrigin(origin) {
        appOrigin.current = origin;
        // A function's environment is fixed when its worker starts: the next invocation starts it again.
        for (const fn of workerFunctions)
          fn.environment = environmentOf(wiring.functions.find((candidate) => candidate.logicalId === fn.logicalId)!);
        workers.recycle();
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
