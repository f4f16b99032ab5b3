/**
 * What the template says each function is for, as the local runtime's modules take it: a FunctionSpec
 * descriptor per `AWS::Lambda::Function` (its routes from `AWS::ApiGatewayV2::*`, its rules and schedules
 * from `AWS::Events::Rule` / `AWS::Scheduler::Schedule`, its Cognito trigger from the user pool's
 * `LambdaConfig`), the HTTP API's authorizers, the bus's rules with their whole patterns, and a line for
 * everything it found but cannot wire.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CognitoTrigger, FunctionSpec, HttpMethod, HttpRoute, WebSocketRoute } from '@functions/function-spec';
import type { EventPattern } from '../event-pattern';
import {
  assetHashIn,
  resourceLabel,
  resourcesOfType,
  type AssemblyResource,
  type CloudAssembly,
} from './cloud-assembly';
import type { HttpAuthorizer } from './http-authorizers';
import type { AssemblyResolver } from './local-resources';

export interface AssemblyFunction {
  entry: AssemblyResource;
  logicalId: string;
  /** The descriptor the gateway, bus, scheduler and Cognito take (one per Cognito trigger it serves, besides). */
  spec: FunctionSpec;
  triggerSpecs: FunctionSpec[];
  moduleFile: string;
  exportName: string;
  timeoutSeconds: number;
  memoryMb: number;
}

export interface AssemblyWiring {
  functions: AssemblyFunction[];
  /** `GET /api/me` → the authorizer API Gateway runs before it. */
  httpAuthorizers: Map<string, HttpAuthorizer>;
  busRules: { fn: FunctionSpec; busName: string; pattern: EventPattern }[];
  /** The HTTP API's id (the origin CloudFront sends /api/* and the pages to) and the WebSocket API's id and stage. */
  httpApi?: AssemblyResource;
  webSocketApi?: { entry: AssemblyResource; stage: string };
  distribution?: AssemblyResource;
  /** Lines saying what the template holds that this wiring does not run. */
  notWired: string[];
}

const HTTP_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

const COGNITO_TRIGGERS: Record<string, CognitoTrigger> = {
  PreSignUp: 'preSignUp',
  CustomMessage: 'customMessage',
  DefineAuthChallenge: 'defineAuthChallenge',
  CreateAuthChallenge: 'createAuthChallenge',
  VerifyAuthChallengeResponse: 'verifyAuthChallengeResponse',
  PostConfirmation: 'postConfirmation',
  PreTokenGeneration: 'preTokenGeneration',
  // The version 2 form (docs/decisions.md #259): `{ LambdaArn, LambdaVersion }` rather than the ARN.
  PreTokenGenerationConfig: 'preTokenGeneration',
};

/** `arn:aws:apigateway:<region>:lambda:path/2015-03-31/functions/<function ARN>/invocations` → the function ARN. */
function invokedFunctionArn(uri: unknown): unknown {
  const inner = /functions\/(arn:[^/]+)\/invocations$/.exec(String(uri))?.[1];
  return inner ?? uri;
}

/** The name a function logs under (`/paylink/prod/functions/get-me` → `get-me`), else its logical id. */
function functionName(entry: AssemblyResource, resolver: AssemblyResolver): string {
  const logGroup = (entry.resource.Properties?.LoggingConfig as { LogGroup?: unknown } | undefined)?.LogGroup;
  if (logGroup === undefined) return entry.logicalId;
  const name = String(resolver.resolve(entry.stack, logGroup));
  return name.split('/').filter(Boolean).at(-1) ?? entry.logicalId;
}

/** The file a Handler names in the asset folder: `index.handler` → index.mjs (or .js, .cjs), export `handler`. */
function handlerModule(assetDirectory: string, handler: string) {
  const dot = handler.lastIndexOf('.');
  const base = handler.slice(0, dot);
  const file = ['.mjs', '.js', '.cjs']
    .map((extension) => path.join(assetDirectory, `${base}${extension}`))
    .find((candidate) => existsSync(candidate));
  return file && { moduleFile: file, exportName: handler.slice(dot + 1) };
}

/** A glob of CloudFront's path patterns (`/p/*`) as a test of a route's path. */
function matchesPathPattern(pattern: string, routePath: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(routePath.replace(/\{[^}]+\}/g, 'x'));
}

/** A pattern the local bus matches exactly: lists of values and nested objects, no content filters. */
function isPlainPattern(pattern: unknown): pattern is EventPattern {
  if (typeof pattern !== 'object' || pattern === null) return false;
  return Object.values(pattern).every((value) =>
    Array.isArray(value) ? value.every((item) => typeof item !== 'object' || item === null) : isPlainPattern(value),
  );
}

/** `rate(5 minutes)` → 5; a cron expression → undefined. */
function rateMinutes(expression: string): number | undefined {
  const match = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression.trim());
  if (!match) return undefined;
  const unit = match[2]!.startsWith('minute') ? 1 : match[2]!.startsWith('hour') ? 60 : 1440;
  return Number(match[1]) * unit;
}

export function wireAssembly(assembly: CloudAssembly, resolver: AssemblyResolver): AssemblyWiring {
  const notWired: string[] = [];
  const functions: AssemblyFunction[] = [];
  const byResource = new Map<AssemblyResource, AssemblyFunction>();

  for (const entry of resourcesOfType(assembly, 'AWS::Lambda::Function')) {
    const properties = entry.resource.Properties ?? {};
    const runtime = String(properties.Runtime ?? '');
    const handler = typeof properties.Handler === 'string' ? properties.Handler : undefined;
    const asset = assembly.assetPath(entry.resource, assetHashIn((properties.Code as { S3Key?: unknown })?.S3Key));
    const module = asset && handler ? handlerModule(asset, handler) : undefined;
    if (!runtime.startsWith('nodejs') || !module) {
      const why = !runtime.startsWith('nodejs')
        ? `runtime ${runtime || 'unknown'}`
        : !asset
          ? 'its code asset is not in the assembly (inline or absent)'
          : `its Handler ${handler} names no module in ${path.basename(asset)}`;
      notWired.push(`function ${resourceLabel(entry)}: not run (${why})`);
      continue;
    }
    const name = functionName(entry, resolver);
    const fn: AssemblyFunction = {
      entry,
      logicalId: entry.logicalId,
      spec: {
        name,
        description: String(properties.Description ?? ''),
        entry: path.relative(process.cwd(), module.moduleFile),
        timeoutSeconds: Number(properties.Timeout ?? 3),
      },
      triggerSpecs: [],
      ...module,
      timeoutSeconds: Number(properties.Timeout ?? 3),
      memoryMb: Number(properties.MemorySize ?? 128),
    };
    functions.push(fn);
    byResource.set(entry, fn);
  }
  const functionWithArn = (arn: unknown) => {
    const entry = resolver.resourceWithArn(arn, 'AWS::Lambda::Function');
    return entry && byResource.get(entry);
  };

  // API Gateway: the HTTP API's routes and authorizers, the WebSocket API's routes and $connect authorizer.
  const apis = resourcesOfType(assembly, 'AWS::ApiGatewayV2::Api');
  const apiWithId = (id: unknown) => apis.find((api) => resolver.refOf(api) === id);
  const httpApis = apis.filter((api) => api.resource.Properties?.ProtocolType === 'HTTP');
  const webSocketApis = apis.filter((api) => api.resource.Properties?.ProtocolType === 'WEBSOCKET');
  for (const extra of [...httpApis.slice(1), ...webSocketApis.slice(1)]) {
    notWired.push(`API ${resourceLabel(extra)}: not served (the local gateway serves one HTTP and one WebSocket API)`);
  }
  const httpApi = httpApis[0];
  const webSocketApiEntry = webSocketApis[0];
  const stageOf = (api: AssemblyResource | undefined) => {
    const stage = resourcesOfType(assembly, 'AWS::ApiGatewayV2::Stage').find(
      (candidate) =>
        api && resolver.resolve(candidate.stack, candidate.resource.Properties?.ApiId) === resolver.refOf(api),
    );
    return stage ? String(resolver.refOf(stage)) : '$default';
  };
  const integrations = resourcesOfType(assembly, 'AWS::ApiGatewayV2::Integration');
  const authorizers = resourcesOfType(assembly, 'AWS::ApiGatewayV2::Authorizer');
  const httpAuthorizers = new Map<string, HttpAuthorizer>();

  const distribution = resourcesOfType(assembly, 'AWS::CloudFront::Distribution')[0];
  const distributionConfig = distribution
    ? (resolver.resolve(distribution.stack, distribution.resource.Properties?.DistributionConfig) as {
        Origins?: { Id: string; DomainName: string }[];
        CacheBehaviors?: { PathPattern: string; TargetOriginId: string }[];
      })
    : undefined;
  const apiOriginIds = new Set(
    (distributionConfig?.Origins ?? [])
      .filter((origin) => httpApi && origin.DomainName.startsWith(`${String(resolver.refOf(httpApi))}.execute-api.`))
      .map((origin) => origin.Id),
  );
  const pagePatterns = (distributionConfig?.CacheBehaviors ?? [])
    .filter((behaviour) => apiOriginIds.has(behaviour.TargetOriginId) && behaviour.PathPattern !== '/api/*')
    .map((behaviour) => behaviour.PathPattern);

  for (const route of resourcesOfType(assembly, 'AWS::ApiGatewayV2::Route')) {
    const properties = resolver.resolve(route.stack, route.resource.Properties) as {
      ApiId: unknown;
      RouteKey: string;
      Target?: string;
      AuthorizationType?: string;
      AuthorizerId?: unknown;
    };
    const api = apiWithId(properties.ApiId);
    const label = `route ${properties.RouteKey} (${resourceLabel(route)})`;
    if (!api || (api !== httpApi && api !== webSocketApiEntry)) continue;
    const integrationId = /^integrations\/(.+)$/.exec(properties.Target ?? '')?.[1];
    const integration = integrations.find((candidate) => resolver.refOf(candidate) === integrationId);
    const target =
      integration &&
      functionWithArn(
        invokedFunctionArn(resolver.resolve(integration.stack, integration.resource.Properties?.IntegrationUri)),
      );
    if (!target) {
      notWired.push(`${label}: not served (its integration is not a function run here)`);
      continue;
    }
    const authorizer =
      properties.AuthorizationType === 'CUSTOM'
        ? authorizers.find((candidate) => resolver.refOf(candidate) === properties.AuthorizerId)
        : undefined;
    const authorizerProperties = authorizer
      ? (resolver.resolve(authorizer.stack, authorizer.resource.Properties) as {
          Name: string;
          AuthorizerUri: string;
          IdentitySource?: string[];
          AuthorizerResultTtlInSeconds?: number;
          EnableSimpleResponses?: boolean;
        })
      : undefined;
    const authorizerFunction =
      authorizerProperties && functionWithArn(invokedFunctionArn(authorizerProperties.AuthorizerUri));
    if (properties.AuthorizationType && !['NONE', 'CUSTOM'].includes(properties.AuthorizationType)) {
      notWired.push(`${label}: its ${properties.AuthorizationType} authorization is not run; served without it`);
    }
    if (properties.AuthorizationType === 'CUSTOM' && !authorizerFunction) {
      notWired.push(`${label}: not served (its authorizer is not a function run here)`);
      continue;
    }

    if (api === webSocketApiEntry) {
      if (!['$connect', '$disconnect', '$default'].includes(properties.RouteKey)) {
        notWired.push(`${label}: not served (the local WebSocket serves $connect, $disconnect and $default)`);
        continue;
      }
      (target.spec.webSocketRoutes ??= []).push(properties.RouteKey as WebSocketRoute);
      if (authorizerFunction) authorizerFunction.spec.webSocketAuthorizer = true;
      continue;
    }

    const [method, routePath] = properties.RouteKey.split(' ');
    if (!method || !routePath || !HTTP_METHODS.includes(method)) {
      notWired.push(`${label}: not served (the local gateway serves one method and path per route)`);
      continue;
    }
    const identitySource = authorizerProperties?.IdentitySource ?? [];
    const auth: HttpRoute['auth'] = identitySource.some((source) => /\.authorization$/i.test(source))
      ? 'merchant'
      : 'public';
    const isPage = !routePath.startsWith('/api/');
    if (isPage && !pagePatterns.some((pattern) => matchesPathPattern(pattern, routePath))) {
      notWired.push(`${label}: not served (no CloudFront behaviour sends its path to the API)`);
      continue;
    }
    (target.spec.routes ??= []).push({
      method: method as HttpMethod,
      path: routePath,
      auth,
      ...(isPage && { kind: 'page' as const }),
    });
    if (authorizerProperties && authorizerFunction) {
      httpAuthorizers.set(properties.RouteKey, {
        name: authorizerProperties.Name,
        fn: authorizerFunction.spec,
        identitySource,
        ttlSeconds: authorizerProperties.AuthorizerResultTtlInSeconds ?? 300,
        simpleResponses: authorizerProperties.EnableSimpleResponses ?? false,
      });
    }
  }

  // EventBridge: rules on a bus (their whole patterns) and schedules (rules or EventBridge Scheduler).
  const busRules: AssemblyWiring['busRules'] = [];
  for (const rule of resourcesOfType(assembly, 'AWS::Events::Rule')) {
    const properties = resolver.resolve(rule.stack, rule.resource.Properties) as {
      EventPattern?: unknown;
      ScheduleExpression?: string;
      EventBusName?: string;
      State?: string;
      Targets?: { Arn: string; Input?: unknown; InputTransformer?: unknown; InputPath?: unknown }[];
    };
    const label = `rule ${resourceLabel(rule)}`;
    if (properties.State && properties.State !== 'ENABLED') {
      notWired.push(`${label}: ${properties.State}, not run`);
      continue;
    }
    for (const targetProperties of properties.Targets ?? []) {
      const target = functionWithArn(targetProperties.Arn);
      if (!target) {
        notWired.push(`${label}: its target ${targetProperties.Arn} is not a function run here`);
        continue;
      }
      if (targetProperties.Input ?? targetProperties.InputTransformer ?? targetProperties.InputPath) {
        notWired.push(`${label}: its target's Input/InputPath/InputTransformer is not applied locally`);
      }
      if (properties.ScheduleExpression) {
        const minutes = rateMinutes(properties.ScheduleExpression);
        if (minutes === undefined) notWired.push(`${label}: ${properties.ScheduleExpression} is not run (rates only)`);
        else target.spec.schedule = { rateMinutes: minutes };
        continue;
      }
      if (!isPlainPattern(properties.EventPattern)) {
        notWired.push(`${label}: its pattern uses content filters the local bus does not match; not run`);
        continue;
      }
      const busName = String(properties.EventBusName ?? 'default').replace(
        /^arn:aws:events:[^:]*:[^:]*:event-bus\//,
        '',
      );
      busRules.push({ fn: target.spec, busName, pattern: properties.EventPattern });
      const { source, 'detail-type': detailTypes, ...rest } = properties.EventPattern as Record<string, unknown>;
      // What the Stripe sandbox subscribes each endpoint to is read from these (stripeWebhookEventTypes).
      if (
        Array.isArray(source) &&
        source.length === 1 &&
        Array.isArray(detailTypes) &&
        Object.keys(rest).length === 0
      ) {
        (target.spec.rules ??= []).push({ source: String(source[0]), detailTypes: detailTypes.map(String) });
      }
    }
  }
  for (const schedule of resourcesOfType(assembly, 'AWS::Scheduler::Schedule')) {
    const properties = resolver.resolve(schedule.stack, schedule.resource.Properties) as {
      ScheduleExpression: string;
      State?: string;
      Target: { Arn: string };
    };
    const target = functionWithArn(properties.Target.Arn);
    const label = `schedule ${resourceLabel(schedule)}`;
    if (!target || properties.State === 'DISABLED') {
      notWired.push(`${label}: not run (${target ? 'DISABLED' : 'its target is not a function run here'})`);
      continue;
    }
    const minutes = rateMinutes(properties.ScheduleExpression);
    if (minutes === undefined) notWired.push(`${label}: ${properties.ScheduleExpression} is not run (rates only)`);
    else target.spec.schedule = { rateMinutes: minutes };
  }

  // Cognito: the user pool's triggers.
  const pools = resourcesOfType(assembly, 'AWS::Cognito::UserPool');
  for (const extra of pools.slice(1)) notWired.push(`user pool ${resourceLabel(extra)}: not run (one local pool)`);
  if (pools[0]) {
    const lambdaConfig = (resolver.resolve(pools[0].stack, pools[0].resource.Properties?.LambdaConfig ?? {}) ??
      {}) as Record<string, unknown>;
    for (const [trigger, value] of Object.entries(lambdaConfig)) {
      const arn = value && typeof value === 'object' && 'LambdaArn' in value ? value.LambdaArn : value;
      const target = functionWithArn(arn);
      const name = COGNITO_TRIGGERS[trigger];
      if (!target || !name) {
        notWired.push(
          `user pool trigger ${trigger}: not run (${name ? 'not a function run here' : 'cognito-local has no such trigger'})`,
        );
        continue;
      }
      // Cognito's own descriptor of the function: the same worker, none of its routes or rules.
      const { name: functionName, description, entry: entryFile, timeoutSeconds } = target.spec;
      target.triggerSpecs.push({
        name: functionName,
        description,
        entry: entryFile,
        timeoutSeconds,
        cognitoTrigger: name,
      });
    }
  }

  const webSocketApi = webSocketApiEntry && { entry: webSocketApiEntry, stage: stageOf(webSocketApiEntry) };
  return { functions, httpAuthorizers, busRules, httpApi, webSocketApi, distribution, notWired };
}
