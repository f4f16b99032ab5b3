/**
 * The HTTP API behind CloudFront's `/api/*`: every catalogue route, JWT-authorised when the catalogue says
 * `merchant`. No CORS: the browser only ever calls it through the app's own origin.
 */
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RouteAuth } from '../../functions/catalog';
import type { CatalogFunction } from './catalog-function';

/** Generous for a small-business app, low enough that a runaway client cannot run up the Lambda bill. */
export const HTTP_API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/** Why a route without a token is still safe: the answer to AwsSolutions-APIG4 for that route. */
const UNAUTHENTICATED_ROUTE_REASONS: Record<Exclude<RouteAuth, 'merchant'>, string> = {
  public:
    'The catalogue marks this route public: payers and uptime checks use it without an account, and it reads or creates only what an anonymous caller may.',
  'stripe-webhook':
    "Stripe calls this webhook without a bearer token; the handler verifies Stripe's signature on the raw body before acting on it.",
};

export interface PaylinkHttpApiProps {
  stage: string;
  isProduction: boolean;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
}

export class PaylinkHttpApi extends Construct {
  readonly api: HttpApi;
  readonly defaultStage: HttpStage;
  /** The execute-api host, which CloudFront uses as the `/api/*` origin. */
  readonly domainName: string;
  private readonly merchantAuthorizer: HttpUserPoolAuthorizer;
  private readonly routeKeys = new Set<string>();

  constructor(scope: Construct, id: string, props: PaylinkHttpApiProps) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', {
      apiName: `paylink-${props.stage}`,
      description: 'Paylink HTTP API (served to browsers through CloudFront at /api/*)',
      createDefaultStage: false,
    });
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
    const stack = Stack.of(this);
    this.domainName = `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    this.merchantAuthorizer = new HttpUserPoolAuthorizer('MerchantToken', props.userPool, {
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });
  }

  /** Adds the function's catalogue routes; a route claimed twice is a catalogue mistake. */
  addRoutesFor(catalogFunction: CatalogFunction) {
    const routes = catalogFunction.spec.routes ?? [];
    if (routes.length === 0) return;
    const integration = new HttpLambdaIntegration(`${catalogFunction.node.id}Integration`, catalogFunction.function);
    for (const route of routes) {
      const routeKey = `${route.method} ${route.path}`;
      if (this.routeKeys.has(routeKey)) throw new Error(`Two catalogue functions claim the route ${routeKey}`);
      this.routeKeys.add(routeKey);
      const [httpRoute] = this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration,
        authorizer: route.auth === 'merchant' ? this.merchantAuthorizer : undefined,
      });
      if (httpRoute && route.auth !== 'merchant') {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: UNAUTHENTICATED_ROUTE_REASONS[route.auth],
        });
      }
    }
  }
}
