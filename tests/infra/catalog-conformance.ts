/**
 * The stack must be the catalogue and the table specs, nothing more or less. These checks are derived
 * from whichever catalogue the stack was built from, so the real one and the fixture (which adds a
 * schedule, a trigger, secrets, email and events) are held to the same rules.
 */
import { describe, expect, it } from 'vitest';
import { httpRoutes } from '@functions/catalog';
import {
  SECRET_IDS,
  TABLE_IDS,
  eventSourcesOf,
  type CognitoTrigger,
  type FunctionSpec,
  type TableAccess,
  type TableId,
} from '@functions/function-spec';
import { ENV, secretArnEnvName, tableEnvName } from '@functions/environment';
import {
  CONSUMER_ASYNC_RETRY,
  DEAD_LETTER_RETENTION,
  RULE_TARGET_RETRY,
  deadLetterQueueNameFor,
  isEventConsumer,
  scheduleRetryFor,
} from '@infra/constructs/event-routing';
import { MERCHANT_CHECK_CACHE_TTL, ORIGIN_CHECK_CACHE_TTL } from '@infra/constructs/origin-check';
import { ORIGIN_VERIFY_HEADER } from '@functions/authorizers/origin-authorizer';
import { ACCOUNT_API_RATE_LIMIT, ROUTE_GROUPS } from '@infra/constructs/paylink-http-api';
import { STATS_COUNTER_ATTRIBUTES, tables as tableSpecs, type KeySpec } from '@infra/tables';
import { COUNTER_NAMES } from '@functions/domain/stats';
import {
  logicalIdOf,
  referencedLogicalIds,
  refersTo,
  resourcesOfType,
  type CfnResourceJson,
  type SynthesizedPaylink,
} from './synthesize-paylink';

/** What "read" means: nothing in here changes an item. */
const DYNAMODB_READ_ACTIONS = new Set([
  'dynamodb:BatchGetItem',
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
]);
const DYNAMODB_WRITE_ACTIONS = new Set([
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
]);

const TRIGGER_PROPERTIES: Record<CognitoTrigger, string> = {
  preSignUp: 'PreSignUp',
  customMessage: 'CustomMessage',
  defineAuthChallenge: 'DefineAuthChallenge',
  createAuthChallenge: 'CreateAuthChallenge',
  verifyAuthChallengeResponse: 'VerifyAuthChallengeResponse',
  postConfirmation: 'PostConfirmation',
  // Registered as version 2 (docs/decisions.md #259), under the property that names the version.
  preTokenGeneration: 'PreTokenGenerationConfig',
};

interface Grant {
  actions: string[];
  resource: unknown;
  condition?: Record<string, Record<string, unknown>>;
}

/** The origin check's authorizer on the HTTP API (the one whose Lambda is the origin check). */
export function originAuthorizerId(synthesized: SynthesizedPaylink): string {
  const functionId = logicalIdOf(synthesized.stack.originCheck.function);
  const matches = resourcesOfType(synthesized.resources, 'AWS::ApiGatewayV2::Authorizer').filter(([, authorizer]) =>
    refersTo(authorizer.Properties?.AuthorizerUri, functionId),
  );
  expect(matches).toHaveLength(1);
  return matches[0]![0];
}

/** The merchant routes' authorizer (the one whose Lambda checks CloudFront's header and the token). */
export function merchantAuthorizerId(synthesized: SynthesizedPaylink): string {
  const functionId = logicalIdOf(synthesized.stack.originCheck.merchantFunction);
  const matches = resourcesOfType(synthesized.resources, 'AWS::ApiGatewayV2::Authorizer').filter(([, authorizer]) =>
    refersTo(authorizer.Properties?.AuthorizerUri, functionId),
  );
  expect(matches).toHaveLength(1);
  return matches[0]![0];
}

const XRAY_WRITE_ACTIONS = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'];

/** Every (actions, resource) pair a role is allowed, from all policies attached to it. */
function grantsOfRole(resources: Record<string, CfnResourceJson>, roleLogicalId: string): Grant[] {
  const role = resources[roleLogicalId];
  expect(role?.Type).toBe('AWS::IAM::Role');
  expect(
    role?.Properties?.ManagedPolicyArns,
    'no managed policies (AWSLambdaBasicExecutionRole reaches every log group)',
  ).toBeUndefined();
  expect(role?.Properties?.Policies, 'no inline policies beyond the default policy').toBeUndefined();
  const grants: Grant[] = [];
  for (const [, policy] of resourcesOfType(resources, 'AWS::IAM::Policy')) {
    const roles = policy.Properties?.Roles as unknown[];
    if (!roles.some((ref) => refersTo(ref, roleLogicalId))) continue;
    const statements = (policy.Properties?.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    for (const statement of statements) {
      expect(statement.Effect).toBe('Allow');
      const actions = ([] as string[]).concat(statement.Action as string | string[]);
      const condition = statement.Condition as Grant['condition'];
      for (const resource of ([] as unknown[]).concat(statement.Resource))
        grants.push({ actions, resource, condition });
    }
  }
  return grants;
}

const sorted = (items: unknown[]) => items.map((item) => JSON.stringify(item)).sort();

function keySchemaOf(spec: KeySpec) {
  return [
    { AttributeName: spec.partitionKey.name, KeyType: 'HASH' },
    ...(spec.sortKey ? [{ AttributeName: spec.sortKey.name, KeyType: 'RANGE' }] : []),
  ];
}

function attributesOf(spec: KeySpec) {
  return [spec.partitionKey, ...(spec.sortKey ? [spec.sortKey] : [])].map((key) => ({
    AttributeName: key.name,
    AttributeType: key.type,
  }));
}

export function describeCatalogueConformance(synth: () => SynthesizedPaylink, specs: readonly FunctionSpec[]) {
  describe('tables (infra/tables.ts)', () => {
    it("the stats table's `counters` index carries every counter the stats code keeps", () => {
      expect([...STATS_COUNTER_ATTRIBUTES]).toEqual([...COUNTER_NAMES]);
    });

    it.each([...TABLE_IDS])('%s has its keys, indexes, TTL, PITR and on-demand billing', (tableId) => {
      const { stack, resources } = synth();
      const spec = tableSpecs[tableId];
      const table = resources[logicalIdOf(stack.tables.get(tableId))];
      expect(table?.Type).toBe('AWS::DynamoDB::Table');
      const properties = table?.Properties ?? {};
      expect(properties.BillingMode).toBe('PAY_PER_REQUEST');
      expect(properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(properties.KeySchema).toEqual(keySchemaOf(spec));
      expect(properties.TimeToLiveSpecification).toEqual(
        spec.ttlAttribute ? { AttributeName: spec.ttlAttribute, Enabled: true } : undefined,
      );
      const indexes = (properties.GlobalSecondaryIndexes as Record<string, unknown>[] | undefined) ?? [];
      expect(indexes).toEqual(
        (spec.indexes ?? []).map((index) => ({
          IndexName: index.name,
          KeySchema: keySchemaOf(index),
          Projection: index.include
            ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.include] }
            : { ProjectionType: 'ALL' },
        })),
      );
      const expectedAttributes = [spec, ...(spec.indexes ?? [])].flatMap(attributesOf);
      expect(properties.AttributeDefinitions).toEqual(
        expect.arrayContaining(
          expectedAttributes.filter(
            (a, i) => expectedAttributes.findIndex((b) => b.AttributeName === a.AttributeName) === i,
          ),
        ),
      );
    });

    it('creates no table the specs do not name', () => {
      expect(resourcesOfType(synth().resources, 'AWS::DynamoDB::Table')).toHaveLength(TABLE_IDS.length);
    });
  });

  describe('functions', () => {
    it('has one Lambda per catalogue entry', () => {
      expect([...synth().stack.functions.keys()]).toEqual(specs.map((spec) => spec.name));
    });

    it.each(specs.map((spec) => [spec.name, spec] as const))(
      '%s runs Node.js 22+ on arm64 with its own log group',
      (_name, spec) => {
        const { stack, resources } = synth();
        const catalogFunction = stack.functions.get(spec.name)!;
        const properties = resources[logicalIdOf(catalogFunction.function)]?.Properties ?? {};
        const nodeVersion = /^nodejs(\d+)\.x$/.exec(String(properties.Runtime))?.[1];
        expect(Number(nodeVersion)).toBeGreaterThanOrEqual(22);
        expect(properties.Architectures).toEqual(['arm64']);
        expect(properties.Handler).toBe('index.handler');
        expect(properties.Role).toEqual({ 'Fn::GetAtt': [logicalIdOf(catalogFunction.role), 'Arn'] });
        const logGroupId = logicalIdOf(catalogFunction.logGroup);
        // JSON, so Lambda's own lines and Powertools' read alike in Logs Insights (docs/runbook.md).
        expect(properties.LoggingConfig).toEqual({
          LogGroup: { Ref: logGroupId },
          LogFormat: 'JSON',
          ApplicationLogLevel: 'INFO',
          SystemLogLevel: 'INFO',
        });
        // Traced end to end: webhook → bus → consumer is one X-Ray trace (docs/runbook.md).
        expect(properties.TracingConfig).toEqual({ Mode: 'Active' });
        expect(resources[logGroupId]?.Properties?.RetentionInDays).toEqual(expect.any(Number));
      },
    );

    it.each(specs.map((spec) => [spec.name, spec] as const))(
      '%s is given the names of exactly what it declares',
      (_name, spec) => {
        const { stack, resources } = synth();
        const variables =
          (
            resources[logicalIdOf(stack.functions.get(spec.name)!.function)]?.Properties?.Environment as
              { Variables: Record<string, unknown> } | undefined
          )?.Variables ?? {};
        for (const tableId of TABLE_IDS) {
          const declared = spec.tables?.[tableId] !== undefined;
          expect(variables[tableEnvName(tableId)] !== undefined, `${tableEnvName(tableId)} present iff declared`).toBe(
            declared,
          );
          if (declared)
            expect(variables[tableEnvName(tableId)]).toEqual({ Ref: logicalIdOf(stack.tables.get(tableId)) });
        }
        for (const secretId of SECRET_IDS) {
          const declared = spec.secrets?.includes(secretId) ?? false;
          expect(
            variables[secretArnEnvName(secretId)] !== undefined,
            `${secretArnEnvName(secretId)} present iff declared`,
          ).toBe(declared);
          if (declared)
            expect(variables[secretArnEnvName(secretId)]).toEqual({ Ref: logicalIdOf(stack.secrets.get(secretId)!) });
        }
        expect(variables[ENV.eventBusName] !== undefined).toBe(Boolean(spec.putsEvents));
        expect(variables[ENV.realtimeManagementEndpoint] !== undefined).toBe(Boolean(spec.pushesToConnections));
        if (spec.pushesToConnections) {
          expect(refersTo(variables[ENV.realtimeManagementEndpoint], logicalIdOf(stack.realtimeApi.api))).toBe(true);
          expect(JSON.stringify(variables[ENV.realtimeManagementEndpoint])).toMatch(
            /^\{"Fn::Join":\["",\["https:\/\/"/,
          );
        }
        expect(variables[ENV.mailFrom] !== undefined).toBe(Boolean(spec.sendsEmail));
        expect(variables[ENV.mailConfigurationSet] !== undefined).toBe(Boolean(spec.sendsEmail));
        expect(refersTo(variables[ENV.appOrigin], logicalIdOf(stack.web.distribution))).toBe(true);
        // Cognito triggers cannot refer back to their own pool (a cycle); everyone else gets its ids.
        const poolId = logicalIdOf(stack.merchantAuth.userPool);
        for (const name of [ENV.userPoolId, ENV.userPoolClientId, ENV.tokenIssuer]) {
          expect(variables[name] !== undefined, `${name} present iff not a Cognito trigger`).toBe(!spec.cognitoTrigger);
        }
        if (!spec.cognitoTrigger) {
          expect(variables[ENV.userPoolId]).toEqual({ Ref: poolId });
          expect(variables[ENV.userPoolClientId]).toEqual({ Ref: logicalIdOf(stack.merchantAuth.webClient) });
          expect(JSON.stringify(variables[ENV.tokenIssuer])).toContain('https://cognito-idp.');
          expect(refersTo(variables[ENV.tokenIssuer], poolId)).toBe(true);
        }
      },
    );
  });

  describe('IAM: each function may do exactly what the catalogue declares', () => {
    it.each(specs.map((spec) => [spec.name, spec] as const))('%s', (_name, spec) => {
      const { stack, resources } = synth();
      const catalogFunction = stack.functions.get(spec.name)!;
      // X-Ray's two write actions have no resource type, so "*" is the only resource AWS accepts for them:
      // the one wildcard a function may hold, and every function holds it (active tracing).
      const isTracingGrant = (grant: Grant) =>
        grant.resource === '*' && grant.actions.every((action) => XRAY_WRITE_ACTIONS.includes(action));
      const everyGrant = grantsOfRole(resources, logicalIdOf(catalogFunction.role));
      expect(new Set(everyGrant.filter(isTracingGrant).flatMap((grant) => grant.actions))).toEqual(
        new Set(XRAY_WRITE_ACTIONS),
      );
      const grants = everyGrant.filter((grant) => !isTracingGrant(grant));

      // Which resource a grant may name, and which actions are acceptable on it.
      type Allowed = { what: string; actions: (action: string) => boolean };
      const allowed = new Map<string, Allowed>();
      const logGroupId = logicalIdOf(catalogFunction.logGroup);
      allowed.set(logGroupId, {
        what: 'its log group',
        actions: (a) => a === 'logs:CreateLogStream' || a === 'logs:PutLogEvents',
      });
      const declaredTables = Object.entries(spec.tables ?? {}) as [TableId, TableAccess][];
      for (const [tableId, access] of declaredTables) {
        allowed.set(logicalIdOf(stack.tables.get(tableId)), {
          what: `table ${tableId} (${access})`,
          actions: (a) => DYNAMODB_READ_ACTIONS.has(a) || (access === 'readwrite' && DYNAMODB_WRITE_ACTIONS.has(a)),
        });
      }
      for (const secretId of spec.secrets ?? []) {
        allowed.set(logicalIdOf(stack.secrets.get(secretId)!), {
          what: `secret ${secretId}`,
          actions: (a) => a === 'secretsmanager:GetSecretValue' || a === 'secretsmanager:DescribeSecret',
        });
      }
      if (spec.sendsEmail) {
        allowed.set(logicalIdOf(stack.mailIdentity), {
          what: 'the SES identity',
          actions: (a) => a === 'ses:SendEmail' || a === 'ses:SendRawEmail',
        });
        // Every email goes with the configuration set, which SES authorises as a resource of its own (#201).
        allowed.set(logicalIdOf(stack.mailEvents.configurationSet), {
          what: 'the SES configuration set',
          actions: (a) => a === 'ses:SendEmail' || a === 'ses:SendRawEmail',
        });
      }
      if (spec.putsEvents)
        allowed.set(logicalIdOf(stack.events.bus), {
          what: 'the paylink bus',
          actions: (a) => a === 'events:PutEvents',
        });
      if (spec.pushesToConnections) {
        allowed.set(logicalIdOf(stack.realtimeApi.api), {
          what: 'realtime connections',
          actions: (a) => a === 'execute-api:ManageConnections',
        });
      }
      if (spec.signsOutUsers || spec.readsTwoFactor) {
        allowed.set(logicalIdOf(stack.merchantAuth.userPool), {
          what: "the merchants' user pool",
          actions: (a) =>
            (a === 'cognito-idp:AdminUserGlobalSignOut' && Boolean(spec.signsOutUsers)) ||
            (a === 'cognito-idp:AdminGetUser' && Boolean(spec.readsTwoFactor)) ||
            (a === 'cognito-idp:AdminSetUserMFAPreference' && Boolean(spec.readsTwoFactor && spec.restoresTwoFactor)) ||
            // The token trigger names the app client it issues to (docs/decisions.md #259).
            (a === 'cognito-idp:DescribeUserPoolClient' && spec.cognitoTrigger === 'preTokenGeneration'),
        });
      }
      // Lambda's on-failure destination writes with the function's own role.
      const deadLetterQueue = stack.events.deadLetterQueues.get(spec.name);
      if (deadLetterQueue) {
        allowed.set(logicalIdOf(deadLetterQueue), {
          what: 'its dead-letter queue',
          actions: (a) => ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'].includes(a),
        });
      }

      const granted = new Map<string, Set<string>>();
      for (const grant of grants) {
        const ids = referencedLogicalIds(grant.resource);
        expect(
          ids.size,
          `${spec.name} is granted ${JSON.stringify(grant.resource)}, which names no resource of this stack`,
        ).toBeGreaterThan(0);
        for (const id of ids) {
          const target = allowed.get(id);
          expect(
            target,
            `${spec.name} may ${grant.actions.join(', ')} on ${id}, which it does not declare`,
          ).toBeDefined();
          for (const action of grant.actions) {
            expect(target!.actions(action), `${spec.name} may ${action} on ${target!.what}`).toBe(true);
            granted.set(id, (granted.get(id) ?? new Set()).add(action));
          }
        }
        if (refersTo(grant.resource, logicalIdOf(stack.realtimeApi.api))) {
          expect(JSON.stringify(grant.resource)).toContain(`/${stack.realtimeApi.stage.stageName}/*/@connections/*`);
        }
      }

      // …and everything it declares is actually granted.
      expect(granted.get(logGroupId)).toEqual(new Set(['logs:CreateLogStream', 'logs:PutLogEvents']));
      for (const [tableId, access] of declaredTables) {
        const actions = granted.get(logicalIdOf(stack.tables.get(tableId))) ?? new Set();
        for (const needed of ['dynamodb:GetItem', 'dynamodb:Query'])
          expect(actions, `${tableId}: ${needed}`).toContain(needed);
        for (const write of DYNAMODB_WRITE_ACTIONS)
          expect(actions.has(write), `${tableId} ${access}: ${write}`).toBe(access === 'readwrite');
      }
      for (const secretId of spec.secrets ?? []) {
        expect(granted.get(logicalIdOf(stack.secrets.get(secretId)!))).toContain('secretsmanager:GetSecretValue');
      }
      if (spec.sendsEmail) {
        expect(granted.get(logicalIdOf(stack.mailIdentity))).toContain('ses:SendEmail');
        expect(granted.get(logicalIdOf(stack.mailEvents.configurationSet))).toContain('ses:SendEmail');
      }
      if (spec.putsEvents) expect(granted.get(logicalIdOf(stack.events.bus))).toEqual(new Set(['events:PutEvents']));
      if (deadLetterQueue) expect(granted.get(logicalIdOf(deadLetterQueue))).toContain('sqs:SendMessage');
      if (spec.pushesToConnections)
        expect(granted.get(logicalIdOf(stack.realtimeApi.api))).toEqual(new Set(['execute-api:ManageConnections']));
      if (spec.signsOutUsers || spec.readsTwoFactor)
        expect(granted.get(logicalIdOf(stack.merchantAuth.userPool))).toEqual(
          new Set([
            ...(spec.signsOutUsers ? ['cognito-idp:AdminUserGlobalSignOut'] : []),
            ...(spec.readsTwoFactor ? ['cognito-idp:AdminGetUser'] : []),
            ...(spec.readsTwoFactor && spec.restoresTwoFactor ? ['cognito-idp:AdminSetUserMFAPreference'] : []),
            ...(spec.readsTwoFactor && spec.cognitoTrigger === 'preTokenGeneration'
              ? ['cognito-idp:DescribeUserPoolClient']
              : []),
          ]),
        );

      // Readable failures for the commonest mistake: a service the function never declared.
      const actions = grants.flatMap((grant) => grant.actions);
      const services: [string, boolean][] = [
        ['dynamodb:', declaredTables.length > 0],
        ['secretsmanager:', (spec.secrets ?? []).length > 0],
        ['ses:', Boolean(spec.sendsEmail)],
        ['events:', Boolean(spec.putsEvents)],
        ['execute-api:', Boolean(spec.pushesToConnections)],
        ['cognito-idp:', Boolean(spec.signsOutUsers || spec.readsTwoFactor)],
        ['sqs:', isEventConsumer(spec)],
      ];
      for (const [prefix, declared] of services) {
        expect(
          actions.some((action) => action.startsWith(prefix)),
          `${spec.name} has ${prefix}* actions`,
        ).toBe(declared);
      }
    });
  });

  describe('PutEvents: each publisher only under the sources it declares', () => {
    const publishers = () => specs.filter((spec) => spec.putsEvents).map((spec) => [spec.name, spec] as const);

    it('has publishers to check', () => {
      expect(publishers().length).toBeGreaterThan(0);
    });

    it.each(publishers())('%s', (_name, spec) => {
      const { stack, resources } = synth();
      const busId = logicalIdOf(stack.events.bus);
      const putGrants = grantsOfRole(resources, logicalIdOf(stack.functions.get(spec.name)!.role)).filter((grant) =>
        grant.actions.includes('events:PutEvents'),
      );
      expect(putGrants.length).toBeGreaterThan(0);
      for (const grant of putGrants) {
        expect(refersTo(grant.resource, busId)).toBe(true);
        expect(Object.keys(grant.condition ?? {}), 'only a StringEquals condition').toEqual(['StringEquals']);
        const sources = ([] as string[]).concat(grant.condition!.StringEquals!['events:source'] as string | string[]);
        expect(sources.sort()).toEqual([...eventSourcesOf(spec)].sort());
      }
    });
  });

  describe('HTTP API', () => {
    const routeCases = () => httpRoutes(specs).map((route) => [`${route.method} ${route.path}`, route] as const);

    it('has exactly the catalogue routes', () => {
      const { stack, resources } = synth();
      const apiId = logicalIdOf(stack.httpApi.api);
      const routeKeys = resourcesOfType(resources, 'AWS::ApiGatewayV2::Route')
        .filter(([, route]) => refersTo(route.Properties?.ApiId, apiId))
        .map(([, route]) => route.Properties?.RouteKey);
      expect(routeKeys.sort()).toEqual(
        routeCases()
          .map(([key]) => key)
          .sort(),
      );
    });

    it.each(routeCases())('%s reaches its function with the right authorization', (routeKey, route) => {
      const { stack, resources } = synth();
      const apiId = logicalIdOf(stack.httpApi.api);
      const [, routeResource] = resourcesOfType(resources, 'AWS::ApiGatewayV2::Route').find(
        ([, candidate]) => candidate.Properties?.RouteKey === routeKey && refersTo(candidate.Properties?.ApiId, apiId),
      )!;
      const [integrationId] = [...referencedLogicalIds(routeResource.Properties?.Target)];
      const integration = resources[integrationId!];
      expect(integration?.Properties?.IntegrationType).toBe('AWS_PROXY');
      expect(integration?.Properties?.IntegrationUri).toEqual({
        'Fn::GetAtt': [logicalIdOf(stack.functions.get(route.fn.name)!.function), 'Arn'],
      });

      if (route.auth === 'merchant') {
        // CloudFront's header and the merchant's token, both, in one Lambda authorizer.
        expect(routeResource.Properties?.AuthorizationType).toBe('CUSTOM');
        expect(routeResource.Properties?.AuthorizerId).toEqual({ Ref: merchantAuthorizerId(synth()) });
      } else {
        // No token to check: only that the request came through CloudFront.
        expect(routeResource.Properties?.AuthorizationType).toBe('CUSTOM');
        expect(routeResource.Properties?.AuthorizerId).toEqual({ Ref: originAuthorizerId(synth()) });
      }
    });

    it('calls the route functions as one role that may invoke exactly them, by their unqualified ARNs (docs/decisions.md #92)', () => {
      const { stack, resources } = synth();
      const apiId = logicalIdOf(stack.httpApi.api);
      const integrations = resourcesOfType(resources, 'AWS::ApiGatewayV2::Integration').filter(([, integration]) =>
        refersTo(integration.Properties?.ApiId, apiId),
      );
      const roleIds = new Set(
        integrations.map(([, integration]) => [...referencedLogicalIds(integration.Properties?.CredentialsArn)][0]),
      );
      expect(roleIds.size, 'one invocation role for every integration').toBe(1);
      const [roleId] = [...roleIds];
      expect(JSON.stringify(resources[roleId!]?.Properties?.AssumeRolePolicyDocument)).toContain(
        '"Service":"apigateway.amazonaws.com"',
      );
      const grants = grantsOfRole(resources, roleId!);
      for (const grant of grants) expect(grant.actions).toEqual(['lambda:InvokeFunction']);
      const routeFunctions = specs
        .filter((spec) => (spec.routes ?? []).length > 0)
        .map((spec) => ({ 'Fn::GetAtt': [logicalIdOf(stack.functions.get(spec.name)!.function), 'Arn'] }));
      expect(sorted(grants.map((grant) => grant.resource))).toEqual(sorted(routeFunctions));
    });

    it('checks the secret origin header that CloudFront adds, from the same secret, caching the answer', () => {
      const synthesized = synth();
      const { stack, resources } = synthesized;
      const authorizer = resources[originAuthorizerId(synthesized)]?.Properties ?? {};
      expect(authorizer).toMatchObject({
        AuthorizerType: 'REQUEST',
        EnableSimpleResponses: true,
        IdentitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
        AuthorizerResultTtlInSeconds: ORIGIN_CHECK_CACHE_TTL.toSeconds(),
      });
      const secretId = logicalIdOf(stack.originCheck.secret);
      const fn = resources[logicalIdOf(stack.originCheck.function)]?.Properties ?? {};
      expect((fn.Environment as { Variables: Record<string, unknown> }).Variables).toEqual({
        ORIGIN_SECRET_ARN: { Ref: secretId },
      });
      // The check may read that secret and write its logs; nothing else.
      const grants = grantsOfRole(resources, logicalIdOf(stack.originCheck.role));
      for (const grant of grants) {
        const [target] = [...referencedLogicalIds(grant.resource)];
        if (target === secretId) expect(grant.actions.every((a) => a.startsWith('secretsmanager:'))).toBe(true);
        else expect(grant.actions.every((a) => a.startsWith('logs:'))).toBe(true);
      }

      // CloudFront sends the header on its way to the API, its value resolved from the secret at deploy time.
      const config = resources[logicalIdOf(stack.web.distribution)]?.Properties?.DistributionConfig as {
        Origins: Record<string, unknown>[];
      };
      const apiOrigin = config.Origins.find((origin) => refersTo(origin.DomainName, logicalIdOf(stack.httpApi.api)))!;
      const headers = apiOrigin.OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[];
      expect(headers.map((header) => header.HeaderName)).toEqual([ORIGIN_VERIFY_HEADER]);
      const value = JSON.stringify(headers[0]!.HeaderValue);
      expect(value).toContain('{{resolve:secretsmanager:');
      expect(refersTo(headers[0]!.HeaderValue, secretId)).toBe(true);
    });

    it("checks both CloudFront's header and the merchant token on merchant routes, caching the answer briefly", () => {
      const synthesized = synth();
      const { stack, resources } = synthesized;
      const authorizer = resources[merchantAuthorizerId(synthesized)]?.Properties ?? {};
      expect(authorizer).toMatchObject({
        AuthorizerType: 'REQUEST',
        EnableSimpleResponses: true,
        IdentitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`, '$request.header.Authorization'],
        AuthorizerResultTtlInSeconds: MERCHANT_CHECK_CACHE_TTL.toSeconds(),
      });
      expect(MERCHANT_CHECK_CACHE_TTL.toSeconds()).toBeLessThanOrEqual(60);
      const secretId = logicalIdOf(stack.originCheck.secret);
      const fn = resources[logicalIdOf(stack.originCheck.merchantFunction)]?.Properties ?? {};
      expect((fn.Environment as { Variables: Record<string, unknown> }).Variables).toEqual({
        ORIGIN_SECRET_ARN: { Ref: secretId },
        USER_POOL_ID: { Ref: logicalIdOf(stack.merchantAuth.userPool) },
        USER_POOL_CLIENT_ID: { Ref: logicalIdOf(stack.merchantAuth.webClient) },
      });
      // Its own role: reads that secret and writes its own log group; nothing else.
      expect(logicalIdOf(stack.originCheck.merchantRole)).not.toBe(logicalIdOf(stack.originCheck.role));
      const grants = grantsOfRole(resources, logicalIdOf(stack.originCheck.merchantRole));
      expect(grants.some((grant) => referencedLogicalIds(grant.resource).has(secretId))).toBe(true);
      const logGroupId = [...referencedLogicalIds(fn.LoggingConfig)][0];
      expect(resources[logGroupId!]?.Type).toBe('AWS::Logs::LogGroup');
      for (const grant of grants) {
        const [target] = [...referencedLogicalIds(grant.resource)];
        if (target === secretId) expect(grant.actions.every((a) => a.startsWith('secretsmanager:'))).toBe(true);
        else {
          expect(target).toBe(logGroupId);
          expect(grant.actions.every((a) => a.startsWith('logs:'))).toBe(true);
        }
      }
    });

    it('leaves no route without an authorizer', () => {
      const { stack, resources } = synth();
      const apiId = logicalIdOf(stack.httpApi.api);
      const routes = resourcesOfType(resources, 'AWS::ApiGatewayV2::Route').filter(([, route]) =>
        refersTo(route.Properties?.ApiId, apiId),
      );
      expect(routes.length).toBeGreaterThan(0);
      for (const [, route] of routes) {
        expect(route.Properties?.AuthorizationType, String(route.Properties?.RouteKey)).toBe('CUSTOM');
        expect(route.Properties?.AuthorizerId, String(route.Properties?.RouteKey)).toBeDefined();
      }
    });

    it("throttles every route by its group's limit, so no group can use up another's", () => {
      const { stack, resources } = synth();
      const stage = resources[logicalIdOf(stack.httpApi.defaultStage)]?.Properties ?? {};
      const routeSettings = stage.RouteSettings as Record<string, Record<string, number>>;
      const expected = Object.fromEntries(
        routeCases().map(([routeKey, route]) => {
          const { throttle } = ROUTE_GROUPS[route.auth];
          return [
            routeKey,
            // No detailed metrics unless the stage asks (detailedRouteMetrics: tests/infra/monitoring.test.ts).
            { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit },
          ];
        }),
      );
      expect(routeSettings).toEqual(expected);
      // CloudFormation can only apply a route's settings once the route exists.
      const dependsOn = ([] as string[]).concat(resources[logicalIdOf(stack.httpApi.defaultStage)]?.DependsOn ?? []);
      const routeIds = resourcesOfType(resources, 'AWS::ApiGatewayV2::Route')
        .filter(([, route]) => refersTo(route.Properties?.ApiId, logicalIdOf(stack.httpApi.api)))
        .map(([id]) => id);
      expect(dependsOn).toEqual(expect.arrayContaining(routeIds));
      const total = Object.values(routeSettings).reduce((sum, setting) => sum + setting.ThrottlingRateLimit!, 0);
      expect(total, 'all routes at their limits stay under the account-wide limit').toBeLessThan(
        ACCOUNT_API_RATE_LIMIT,
      );
    });
  });

  describe('WebSocket API', () => {
    const wsCases = () =>
      specs.flatMap((spec) => (spec.webSocketRoutes ?? []).map((routeKey) => [routeKey, spec] as const));
    const authorizerSpec = specs.find((spec) => spec.webSocketAuthorizer);

    it('has exactly the catalogue routes', () => {
      const { stack, resources } = synth();
      const apiId = logicalIdOf(stack.realtimeApi.api);
      const routeKeys = resourcesOfType(resources, 'AWS::ApiGatewayV2::Route')
        .filter(([, route]) => refersTo(route.Properties?.ApiId, apiId))
        .map(([, route]) => route.Properties?.RouteKey);
      expect(routeKeys.sort()).toEqual(
        wsCases()
          .map(([key]) => key)
          .sort(),
      );
    });

    it.each(wsCases())('%s reaches %s', (routeKey, spec) => {
      const { stack, resources } = synth();
      const apiId = logicalIdOf(stack.realtimeApi.api);
      const [, route] = resourcesOfType(resources, 'AWS::ApiGatewayV2::Route').find(
        ([, candidate]) => candidate.Properties?.RouteKey === routeKey && refersTo(candidate.Properties?.ApiId, apiId),
      )!;
      const [integrationId] = [...referencedLogicalIds(route.Properties?.Target)];
      expect(
        refersTo(
          resources[integrationId!]?.Properties?.IntegrationUri,
          logicalIdOf(stack.functions.get(spec.name)!.function),
        ),
      ).toBe(true);

      if (routeKey === '$connect' && authorizerSpec) {
        expect(route.Properties?.AuthorizationType).toBe('CUSTOM');
        const authorizer = resources[(route.Properties?.AuthorizerId as { Ref: string }).Ref];
        expect(authorizer?.Properties?.AuthorizerType).toBe('REQUEST');
        expect(authorizer?.Properties?.IdentitySource).toEqual(['route.request.querystring.token']);
        expect(
          refersTo(
            authorizer?.Properties?.AuthorizerUri,
            logicalIdOf(stack.functions.get(authorizerSpec.name)!.function),
          ),
        ).toBe(true);
      } else {
        expect(route.Properties?.AuthorizationType).toBe('NONE');
      }
    });

    it('deploys the prod stage automatically, throttled', () => {
      const { stack, resources } = synth();
      const stage = resources[logicalIdOf(stack.realtimeApi.stage)]?.Properties ?? {};
      expect(stage.StageName).toBe('prod');
      expect(stage.AutoDeploy).toBe(true);
      expect(stage.DefaultRouteSettings).toEqual({
        ThrottlingBurstLimit: expect.any(Number),
        ThrottlingRateLimit: expect.any(Number),
      });
    });
  });

  describe('events', () => {
    const ruleCases = () =>
      specs.flatMap((spec) =>
        (spec.rules ?? []).map(
          (rule) => [`${rule.source} ${rule.detailTypes.join('|')} → ${spec.name}`, spec, rule] as const,
        ),
      );
    const scheduleCases = () => specs.filter((spec) => spec.schedule).map((spec) => [spec.name, spec] as const);

    function rulesTargeting(synthesized: SynthesizedPaylink, spec: FunctionSpec) {
      const functionId = logicalIdOf(synthesized.stack.functions.get(spec.name)!.function);
      return resourcesOfType(synthesized.resources, 'AWS::Events::Rule').filter(([, rule]) =>
        (rule.Properties?.Targets as { Arn: unknown }[]).some((target) => refersTo(target.Arn, functionId)),
      );
    }

    it('has exactly one rule per catalogue rule and schedule', () => {
      expect(resourcesOfType(synth().resources, 'AWS::Events::Rule')).toHaveLength(
        ruleCases().length + scheduleCases().length,
      );
    });

    it.each(ruleCases())('%s is a rule on the paylink bus, or the default bus where it says', (_label, spec, rule) => {
      const synthesized = synth();
      const busId = logicalIdOf(synthesized.stack.events.bus);
      const matching = rulesTargeting(synthesized, spec).filter(
        ([, candidate]) =>
          (rule.bus === 'default'
            ? candidate.Properties?.EventBusName === undefined
            : refersTo(candidate.Properties?.EventBusName, busId)) &&
          JSON.stringify(candidate.Properties?.EventPattern) ===
            JSON.stringify({ source: [rule.source], 'detail-type': rule.detailTypes }),
      );
      expect(matching).toHaveLength(1);
      const [ruleId] = matching[0]!;
      const invokePermission = resourcesOfType(synthesized.resources, 'AWS::Lambda::Permission').find(
        ([, permission]) =>
          permission.Properties?.Principal === 'events.amazonaws.com' &&
          refersTo(permission.Properties?.SourceArn, ruleId),
      );
      expect(invokePermission, 'EventBridge may invoke the function').toBeDefined();
    });

    it.each(scheduleCases())('%s runs on its schedule, on the default bus', (_name, spec) => {
      const synthesized = synth();
      const minutes = spec.schedule!.rateMinutes;
      const scheduled = rulesTargeting(synthesized, spec).filter(
        ([, rule]) => rule.Properties?.ScheduleExpression !== undefined,
      );
      expect(scheduled).toHaveLength(1);
      const [, rule] = scheduled[0]!;
      expect(rule.Properties?.ScheduleExpression).toBe(`rate(${minutes} ${minutes === 1 ? 'minute' : 'minutes'})`);
      expect(rule.Properties?.EventBusName, 'a schedule cannot live on a custom bus').toBeUndefined();
    });

    const consumerCases = () => specs.filter(isEventConsumer).map((spec) => [spec.name, spec] as const);
    const queueIdOf = (synthesized: SynthesizedPaylink, spec: FunctionSpec) =>
      logicalIdOf(synthesized.stack.events.deadLetterQueues.get(spec.name)!);

    it.each([...ruleCases().map(([label, spec]) => [label, spec] as const), ...scheduleCases()])(
      '%s: its target retries, then keeps what it could not deliver in the dead-letter queue',
      (_label, spec) => {
        const synthesized = synth();
        const functionId = logicalIdOf(synthesized.stack.functions.get(spec.name)!.function);
        const rules = rulesTargeting(synthesized, spec);
        expect(rules.length).toBeGreaterThan(0);
        for (const [, rule] of rules) {
          for (const target of rule.Properties?.Targets as Record<string, unknown>[]) {
            if (!refersTo(target.Arn, functionId)) continue;
            expect(target.DeadLetterConfig).toEqual({ Arn: { 'Fn::GetAtt': [queueIdOf(synthesized, spec), 'Arn'] } });
            const retry = rule.Properties?.ScheduleExpression
              ? scheduleRetryFor(spec.schedule!.rateMinutes)
              : RULE_TARGET_RETRY;
            expect(target.RetryPolicy).toEqual({
              MaximumEventAgeInSeconds: retry.maxEventAge.toSeconds(),
              MaximumRetryAttempts: retry.retryAttempts,
            });
          }
        }
      },
    );

    it.each(consumerCases())(
      '%s: a function error after delivery ends in the same dead-letter queue (async invoke config)',
      (_name, spec) => {
        const synthesized = synth();
        const functionId = logicalIdOf(synthesized.stack.functions.get(spec.name)!.function);
        const configs = resourcesOfType(synthesized.resources, 'AWS::Lambda::EventInvokeConfig').filter(([, config]) =>
          refersTo(config.Properties?.FunctionName, functionId),
        );
        expect(configs).toHaveLength(1);
        const retry = spec.rules?.length ? CONSUMER_ASYNC_RETRY : scheduleRetryFor(spec.schedule!.rateMinutes);
        expect(configs[0]![1].Properties).toMatchObject({
          Qualifier: '$LATEST',
          MaximumRetryAttempts: retry.retryAttempts,
          MaximumEventAgeInSeconds: retry.maxEventAge.toSeconds(),
          DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueIdOf(synthesized, spec), 'Arn'] } } },
        });
      },
    );

    it.each(consumerCases())(
      "%s's dead-letter queue is encrypted, SSL-only, keeps messages 14 days, and only its rules may send",
      (_name, spec) => {
        const synthesized = synth();
        const { resources, stack } = synthesized;
        const queueId = queueIdOf(synthesized, spec);
        const queue = resources[queueId];
        expect(queue?.Type).toBe('AWS::SQS::Queue');
        const stage = stack.node.tryGetContext('stage') ?? 'dev';
        expect(queue?.Properties).toEqual({
          QueueName: deadLetterQueueNameFor(stage, spec.name),
          MessageRetentionPeriod: DEAD_LETTER_RETENTION.toSeconds(),
          SqsManagedSseEnabled: true,
        });
        const policies = resourcesOfType(resources, 'AWS::SQS::QueuePolicy').filter(([, policy]) =>
          refersTo(policy.Properties?.Queues, queueId),
        );
        expect(policies).toHaveLength(1);
        const statements = (policies[0]![1].Properties?.PolicyDocument as { Statement: Record<string, unknown>[] })
          .Statement;
        expect(statements).toContainEqual(
          expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        );
        const allowed = statements.filter((statement) => statement.Effect === 'Allow');
        for (const statement of allowed) {
          expect(statement.Principal).toEqual({ Service: 'events.amazonaws.com' });
          expect(statement.Action).toBe('sqs:SendMessage');
        }
        const senders = allowed.map(
          (statement) => [...referencedLogicalIds((statement.Condition as Record<string, unknown>).ArnEquals)][0],
        );
        expect(senders.sort()).toEqual(
          rulesTargeting(synthesized, spec)
            .map(([ruleId]) => ruleId)
            .sort(),
        );
      },
    );

    it('has one dead-letter queue per event consumer, and no other queue', () => {
      const synthesized = synth();
      const queues = resourcesOfType(synthesized.resources, 'AWS::SQS::Queue').map(([id]) => id);
      expect(queues.sort()).toEqual(
        consumerCases()
          .map(([, spec]) => queueIdOf(synthesized, spec))
          .sort(),
      );
    });

    it('names the bus `paylink` in production and after the stage elsewhere', () => {
      const { stack, resources } = synth();
      const stage = stack.node.tryGetContext('stage') ?? 'dev';
      expect(resources[logicalIdOf(stack.events.bus)]?.Properties?.Name).toBe(
        stage === 'prod' ? 'paylink' : `paylink-${stage}`,
      );
    });
  });

  describe('Cognito triggers', () => {
    it('wires exactly the catalogue triggers', () => {
      const { stack, resources } = synth();
      const lambdaConfig = (resources[logicalIdOf(stack.merchantAuth.userPool)]?.Properties?.LambdaConfig ??
        {}) as Record<string, unknown>;
      const expected = Object.fromEntries(
        specs
          .filter((spec) => spec.cognitoTrigger)
          .map((spec) => {
            const arn = { 'Fn::GetAtt': [logicalIdOf(stack.functions.get(spec.name)!.function), 'Arn'] };
            return [
              TRIGGER_PROPERTIES[spec.cognitoTrigger!],
              spec.cognitoTrigger === 'preTokenGeneration' ? { LambdaArn: arn, LambdaVersion: 'V2_0' } : arn,
            ];
          }),
      );
      expect(lambdaConfig).toEqual(expected);
    });
  });
}
