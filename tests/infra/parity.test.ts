/**
 * The local runtime and the cloud stack are both built from the catalogue; this proves they end up with
 * the same HTTP routes (and auth), WebSocket routes, event rules and schedules — each wired to the same
 * function. It uses the fixture catalogue, which has every kind of entry.
 */
import {
  CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { SERVER_APP_CLIENT_NAME } from '@functions/environment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyPorts } from '@infra/local/ports';
import { startLocalRuntime, type LocalRuntime } from '@infra/local/runtime';
import { merchantAuthorizerId, originAuthorizerId } from './catalog-conformance';
import { fixtureCatalog } from './fixture-catalog';
import {
  logicalIdOf,
  resourcesOfType,
  referencedLogicalIds,
  synthesizePaylink,
  type SynthesizedPaylink,
} from './synthesize-paylink';

let cloud: SynthesizedPaylink;
let local: LocalRuntime;
/** Template logical id of each function's Lambda → its catalogue name. */
let functionNameOf: (expression: unknown) => string | undefined;

beforeAll(async () => {
  cloud = synthesizePaylink({
    context: { stage: 'prod', alarmEmail: 'ops@example.co.nz' },
    functions: fixtureCatalog,
  });
  const byLogicalId = new Map(
    [...cloud.stack.functions].map(([name, catalogFunction]) => [logicalIdOf(catalogFunction.function), name]),
  );
  functionNameOf = (expression) => [...referencedLogicalIds(expression)].map((id) => byLogicalId.get(id)).find(Boolean);
  local = await startLocalRuntime({ ports: anyPorts(), functions: fixtureCatalog });
});
afterAll(async () => {
  await local?.stop();
});

const sorted = <T>(items: T[]) => items.map((item) => JSON.stringify(item)).sort();

function integrationTarget(target: unknown): string | undefined {
  const integrationId = [...referencedLogicalIds(target)][0];
  const integration = integrationId ? cloud.resources[integrationId] : undefined;
  return functionNameOf(integration?.Properties?.IntegrationUri);
}

describe('local runtime ≡ cloud stack', () => {
  it('serves the same HTTP routes with the same authorization, each by the same function', () => {
    const httpApiId = logicalIdOf(cloud.stack.httpApi.api);
    // The cloud's CloudFront origin check guards what has no token, and the merchant check adds it to the
    // token check; locally there is no CloudFront, so what must match is the token check alone.
    const originCheck = originAuthorizerId(cloud);
    const merchantCheck = merchantAuthorizerId(cloud);
    const tokenCheckOf = (route: Record<string, unknown> | undefined) => {
      if (route?.AuthorizationType !== 'CUSTOM') return 'UNGUARDED';
      const authorizers = referencedLogicalIds(route.AuthorizerId);
      if (authorizers.has(originCheck)) return 'NONE';
      return authorizers.has(merchantCheck) ? 'MERCHANT_TOKEN' : 'UNKNOWN';
    };
    const cloudRoutes = resourcesOfType(cloud.resources, 'AWS::ApiGatewayV2::Route')
      .filter(([, route]) => referencedLogicalIds(route.Properties?.ApiId).has(httpApiId))
      .map(([, route]) => ({
        routeKey: route.Properties?.RouteKey,
        authorization: tokenCheckOf(route.Properties),
        functionName: integrationTarget(route.Properties?.Target),
      }));
    const localRoutes = local.gateway.routes.map((route) => ({
      routeKey: `${route.method} ${route.path}`,
      authorization: route.auth === 'merchant' ? 'MERCHANT_TOKEN' : 'NONE',
      functionName: route.functionName,
    }));
    expect(cloudRoutes.length).toBeGreaterThan(0);
    expect(sorted(localRoutes)).toEqual(sorted(cloudRoutes));
  });

  it("serves the catalogue's pages (/p/{id}, /r/{id}, /unsubscribe/{id}) at the site's own address: CloudFront's page behaviour ≡ the gateway", async () => {
    const distribution = resourcesOfType(cloud.resources, 'AWS::CloudFront::Distribution')[0]![1];
    const config = distribution.Properties?.DistributionConfig as {
      CacheBehaviors: {
        PathPattern: string;
        TargetOriginId: string;
        CachePolicyId: unknown;
        AllowedMethods: string[];
      }[];
      Origins: { Id: string; DomainName: unknown; OriginCustomHeaders?: { HeaderName: string }[] }[];
    };
    const localPages = local.gateway.routes.filter((route) => route.kind === 'page');
    expect(localPages.map(({ method, path, functionName }) => ({ method, path, functionName }))).toEqual([
      { method: 'GET', path: '/p/{id}', functionName: 'render-payer-page' },
      { method: 'HEAD', path: '/p/{id}', functionName: 'render-payer-page' },
      // A payment request's unsubscribe and report page (docs/decisions.md #175), in the catalogue's order.
      { method: 'GET', path: '/unsubscribe/{id}', functionName: 'render-unsubscribe-page' },
      { method: 'HEAD', path: '/unsubscribe/{id}', functionName: 'render-unsubscribe-page' },
      { method: 'GET', path: '/r/{id}', functionName: 'render-receipt-page' },
      { method: 'HEAD', path: '/r/{id}', functionName: 'render-receipt-page' },
    ]);
    const apiBehavior = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*')!;
    for (const page of localPages) {
      const pattern = `${page.path.replace(/\/\{.*$/, '')}/*`;
      const behavior = config.CacheBehaviors.find((candidate) => candidate.PathPattern === pattern);
      expect(behavior, pattern).toBeDefined();
      // Through the API with its origin-check header, like /api/*; reads only.
      expect(behavior!.TargetOriginId).toBe(apiBehavior.TargetOriginId);
      const origin = config.Origins.find((candidate) => candidate.Id === behavior!.TargetOriginId)!;
      expect(origin.OriginCustomHeaders?.map((header) => header.HeaderName)).toEqual(['x-origin-verify']);
      expect([...behavior!.AllowedMethods].sort()).toEqual(['GET', 'HEAD']);
      // Cached briefly, keyed on the path: no cookie or header reaches the function, and of the query only a
      // payment request's `amount` prefill (docs/decisions.md #79).
      const policyId = [...referencedLogicalIds(behavior!.CachePolicyId)][0]!;
      const policy = cloud.resources[policyId]?.Properties?.CachePolicyConfig as {
        DefaultTTL: number;
        MaxTTL: number;
        ParametersInCacheKeyAndForwardedToOrigin: Record<
          string,
          {
            CookieBehavior?: string;
            QueryStringBehavior?: string;
            QueryStrings?: string[];
            HeaderBehavior?: string;
          }
        >;
      };
      expect(policy.DefaultTTL).toBe(60);
      expect(policy.MaxTTL).toBeLessThanOrEqual(300);
      const forwarded = policy.ParametersInCacheKeyAndForwardedToOrigin;
      expect(forwarded.CookiesConfig?.CookieBehavior).toBe('none');
      expect(forwarded.QueryStringsConfig?.QueryStringBehavior).toBe('whitelist');
      expect(forwarded.QueryStringsConfig?.QueryStrings).toEqual(['amount']);
      expect(forwarded.HeadersConfig?.HeaderBehavior).toBe('none');
      // Locally the gateway answers the same address with the same function, ahead of the SPA's files.
      const response = await fetch(`${local.gateway.url}/p/no-such-link`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
  });

  it('has the same WebSocket routes, each by the same function', () => {
    const realtimeApiId = logicalIdOf(cloud.stack.realtimeApi.api);
    const cloudRoutes = resourcesOfType(cloud.resources, 'AWS::ApiGatewayV2::Route')
      .filter(([, route]) => referencedLogicalIds(route.Properties?.ApiId).has(realtimeApiId))
      .map(([, route]) => ({
        routeKey: route.Properties?.RouteKey,
        functionName: integrationTarget(route.Properties?.Target),
      }));
    expect(cloudRoutes.length).toBeGreaterThan(0);
    expect(sorted(local.gateway.webSocketRoutes)).toEqual(sorted(cloudRoutes));
  });

  it('applies the same rules on the paylink bus, each targeting the same function', () => {
    const busName = cloud.resources[logicalIdOf(cloud.stack.events.bus)]?.Properties?.Name;
    const cloudRules = resourcesOfType(cloud.resources, 'AWS::Events::Rule')
      .filter(([, rule]) => rule.Properties?.EventPattern)
      .flatMap(([, rule]) =>
        (rule.Properties?.Targets as { Arn: unknown }[]).map((target) => ({
          busName: rule.Properties?.EventBusName ? busName : 'default',
          pattern: rule.Properties?.EventPattern,
          functionName: functionNameOf(target.Arn),
        })),
      );
    expect(cloudRules.length).toBeGreaterThan(0);
    const localRules = local.bus.rules.map(({ busName, pattern, functionName }) => ({
      busName,
      pattern,
      functionName,
    }));
    expect(sorted(localRules)).toEqual(sorted(cloudRules));
  });

  it('runs the same schedules (on the default bus), each for the same function', () => {
    const cloudSchedules = resourcesOfType(cloud.resources, 'AWS::Events::Rule')
      .filter(([, rule]) => rule.Properties?.ScheduleExpression)
      .flatMap(([, rule]) => {
        expect(rule.Properties?.EventBusName).toBeUndefined();
        const minutes = Number(/^rate\((\d+) minutes?\)$/.exec(String(rule.Properties?.ScheduleExpression))?.[1]);
        return (rule.Properties?.Targets as { Arn: unknown }[]).map((target) => ({
          functionName: functionNameOf(target.Arn),
          rateMinutes: minutes,
        }));
      });
    expect(cloudSchedules.length).toBeGreaterThan(0);
    expect(sorted(local.scheduler.schedules)).toEqual(sorted(cloudSchedules));
  });

  it('signs merchants in through clients with the same answers: no user-existence errors, revocable tokens', async () => {
    // The browser's client and the server-only one (docs/decisions.md #259), by name.
    const clients = resourcesOfType(cloud.resources, 'AWS::Cognito::UserPoolClient');
    expect(clients.map(([, client]) => client.Properties!.ClientName).sort()).toEqual([
      SERVER_APP_CLIENT_NAME,
      'paylink-web',
    ]);
    const cognito = new CognitoIdentityProviderClient({
      endpoint: local.cognito.endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      for (const [, client] of clients) {
        const cloudClient = client.Properties!;
        const clientId =
          cloudClient.ClientName === SERVER_APP_CLIENT_NAME
            ? local.cognito.userPoolServerClientId
            : local.cognito.userPoolClientId;
        const { UserPoolClient: localClient } = await cognito.send(
          new DescribeUserPoolClientCommand({ UserPoolId: local.cognito.userPoolId, ClientId: clientId }),
        );
        expect(localClient?.ClientName).toBe(cloudClient.ClientName);
        expect(cloudClient.PreventUserExistenceErrors).toBe('ENABLED');
        expect(localClient?.PreventUserExistenceErrors).toBe(cloudClient.PreventUserExistenceErrors);
        expect(localClient?.EnableTokenRevocation).toBe(cloudClient.EnableTokenRevocation);
      }
    } finally {
      cognito.destroy();
    }
  });
});
