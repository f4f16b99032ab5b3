/**
 * The HTTP API behind CloudFront's `/api/*`: every catalogue route refused unless it came through CloudFront
 * (infra/constructs/origin-check.ts); a `merchant` route also needs a valid merchant token, checked by the
 * same Lambda authorizer that checks CloudFront's header.
 * No CORS: the browser only ever calls it through the app's own origin.
 */
import { Lazy, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CfnStage,
  HttpApi,
  HttpIntegrationType,
  HttpMethod,
  HttpRouteIntegration,
  HttpStage,
  IntegrationCredentials,
  LogGroupLogDestination,
  PayloadFormatVersion,
  type HttpRouteIntegrationConfig,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RouteAuth } from '@functions/function-spec';
import type { CatalogFunction } from './catalog-function';

/** The stage's default: only a route the catalogue did not describe would fall back to it (none does). */
export const HTTP_API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

/**
 * Who calls a route, from its catalogue `auth`: payers (and sign-up), signed-in merchants, Stripe. Each
 * route gets its group's limit as a route-level throttle, so a flood on one route (a webhook storm, one
 * merchant's script) is refused on that route and cannot use up what payers need; API Gateway applies a
 * route's limit to that route alone. Numbers are per route, per second, across all clients.
 */
export const ROUTE_GROUPS: Record<RouteAuth, { group: 'payer' | 'merchant' | 'webhooks'; throttle: Throttle }> = {
  // The payer page, checkout and sign-up: the money path, so the most room.
  public: { group: 'payer', throttle: { rateLimit: 100, burstLimit: 200 } },
  // A merchant's dashboard makes a handful of calls a page.
  merchant: { group: 'merchant', throttle: { rateLimit: 50, burstLimit: 100 } },
  // Stripe sends a few events per payment and retries for days what is refused, so a limit here loses nothing.
  'stripe-webhook': { group: 'webhooks', throttle: { rateLimit: 25, burstLimit: 50 } },
};

/**
 * The region-wide limit API Gateway shares among every API of an account (10,000 requests a second by
 * default): the routes' limits together stay under it, so no group can exhaust it for the others.
 */
export const ACCOUNT_API_RATE_LIMIT = 10_000;

export interface PaylinkHttpApiProps {
  stage: string;
  isProduction: boolean;
  /** Refuses requests that did not come through CloudFront; on every route without a token. */
  originAuthorizer: IHttpRouteAuthorizer;
  /** On merchant routes: CloudFront's header and a valid merchant token, both. */
  merchantAuthorizer: IHttpRouteAuthorizer;
}

/**
 * A Lambda proxy integration that API Gateway calls as the API's invocation role, where CDK's
 * HttpLambdaIntegration adds a resource-based permission per route: one role for every route function keeps
 * the stack tens of resources smaller (CloudFormation stops at 500, docs/decisions.md #92), and the role may
 * invoke exactly the catalogue's route functions, nothing else.
 */
class InvokeAsApiRole extends HttpRouteIntegration {
  constructor(
    id: string,
    private readonly handler: IFunction,
    private readonly credentials: IntegrationCredentials,
  ) {
    super(id);
  }

  bind(): HttpRouteIntegrationConfig {
    return {
      type: HttpIntegrationType.AWS_PROXY,
      uri: this.handler.functionArn,
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      credentials: this.credentials,
    };
  }
}

export class PaylinkHttpApi extends Construct {
  readonly api: HttpApi;
  readonly defaultStage: HttpStage;
  /** The execute-api host, which CloudFront uses as the `/api/*` origin. */
  readonly domainName: string;
  private readonly merchantAuthorizer: IHttpRouteAuthorizer;
  private readonly originAuthorizer: IHttpRouteAuthorizer;
  /** Every route key with the auth the catalogue gave it: the stage's route throttles are built from it. */
  private readonly routeAuth = new Map<string, RouteAuth>();
  /** API Gateway's role for calling the route functions; each function is added as its routes are. */
  private readonly invokeRole: Role;
  private readonly invokedFunctionArns: string[] = [];

  constructor(scope: Construct, id: string, props: PaylinkHttpApiProps) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', {
      apiName: `paylink-${props.stage}`,
      description: 'Paylink HTTP API (served to browsers through CloudFront at /api/*)',
      createDefaultStage: false,
    });
    this.invokeRole = new Role(this, 'InvokeRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      description: 'API Gateway calls the catalogue route functions as this role (and nothing else)',
    });
    // One statement naming each route function by its unqualified ARN, filled in as routes are added.
    this.invokeRole.addToPolicy(
      new PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: Lazy.list({ produce: () => this.invokedFunctionArns }),
      }),
    );
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.isProduction ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: props.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.defaultStage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: HTTP_API_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // Only variables HTTP APIs define: the REST-flavoured defaults (resourcePath…) are rejected.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });
    // One throttle per route, by its group; filled in as routes are added.
    (this.defaultStage.node.defaultChild as CfnStage).routeSettings = Lazy.any({
      produce: () =>
        Object.fromEntries(
          [...this.routeAuth].map(([routeKey, auth]) => {
            const { throttle } = ROUTE_GROUPS[auth];
            // RouteSettings is free-form JSON to the L1 construct: written in CloudFormation's own casing.
            return [routeKey, { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit }];
          }),
        ),
    });
    this.originAuthorizer = props.originAuthorizer;
    const stack = Stack.of(this);
    this.domainName = `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    this.merchantAuthorizer = props.merchantAuthorizer;
  }

  /** Adds the function's catalogue routes; a route claimed twice is a catalogue mistake. */
  addRoutesFor(catalogFunction: CatalogFunction) {
    const routes = catalogFunction.spec.routes ?? [];
    if (routes.length === 0) return;
    this.invokedFunctionArns.push(catalogFunction.function.functionArn);
    const integration = new InvokeAsApiRole(
      `${catalogFunction.node.id}Integration`,
      catalogFunction.function,
      IntegrationCredentials.fromRole(this.invokeRole),
    );
    for (const route of routes) {
      const routeKey = `${route.method} ${route.path}`;
      if (this.routeAuth.has(routeKey)) throw new Error(`Two catalogue functions claim the route ${routeKey}`);
      this.routeAuth.set(routeKey, route.auth);
      const [httpRoute] = this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration,
        // Public and webhook routes stay open to anyone by design (payers, Stripe; the webhook handler checks
        // Stripe's signature): the origin check identifies no one, it only refuses what skipped CloudFront.
        // Merchant routes' authorizer checks CloudFront's header too, so no route answers a direct call.
        authorizer: route.auth === 'merchant' ? this.merchantAuthorizer : this.originAuthorizer,
      });
      // A stage's route settings may name only routes that already exist.
      if (httpRoute) this.defaultStage.node.addDependency(httpRoute);
    }
  }
}
