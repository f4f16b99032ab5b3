/**
 * The WebSocket API that pushes payment updates to merchants' open dashboards. Browsers cannot set headers
 * on a WebSocket, so the `$connect` authorizer reads the Cognito token from the `token` query parameter.
 */
import { Validations } from 'aws-cdk-lib';
import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import type { WebSocketRoute } from '@functions/function-spec';
import type { CatalogFunction } from './catalog-function';

export const REALTIME_STAGE_NAME = 'prod';
export const REALTIME_TOKEN_SOURCE = 'route.request.querystring.token';
/** A dashboard opens one socket and receives a few messages a minute; this only stops a flood. */
export const REALTIME_THROTTLE = { rateLimit: 20, burstLimit: 50 } as const;

export interface RealtimeApiProps {
  stage: string;
}

export class RealtimeApi extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  private connectAuthorizer?: WebSocketLambdaAuthorizer;
  private readonly routes = new Map<WebSocketRoute, CatalogFunction>();

  constructor(scope: Construct, id: string, props: RealtimeApiProps) {
    super(scope, id);
    this.api = new WebSocketApi(this, 'Api', {
      apiName: `paylink-${props.stage}-realtime`,
      description: 'Paylink realtime payment updates',
    });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: REALTIME_STAGE_NAME,
      autoDeploy: true,
      throttle: REALTIME_THROTTLE,
    });
    Validations.of(this.stage).acknowledge({
      id: 'AwsSolutions-APIG1',
      reason:
        "WebSocket access logs are written with API Gateway's account-wide CloudWatch role, an account singleton this stack should not own (cdk.json disables it); connect/disconnect and pushes are logged by the functions themselves.",
    });
  }

  /** The URL browsers open (`wss://…/prod`). */
  get url(): string {
    return this.stage.url;
  }

  /** Wires the function's catalogue WebSocket routes, and makes it the `$connect` authorizer if it is one. */
  addRoutesFor(catalogFunction: CatalogFunction) {
    const { spec } = catalogFunction;
    if (spec.webSocketAuthorizer) {
      if (this.connectAuthorizer)
        throw new Error(`Only one catalogue function may be the WebSocket authorizer (${spec.name} is a second)`);
      if (this.routes.has('$connect'))
        throw new Error(`The WebSocket authorizer ${spec.name} must be wired before the $connect route`);
      this.connectAuthorizer = new WebSocketLambdaAuthorizer('ConnectAuthorizer', catalogFunction.function, {
        identitySource: [REALTIME_TOKEN_SOURCE],
      });
    }
    const routeKeys = spec.webSocketRoutes ?? [];
    if (routeKeys.length === 0) return;
    const integration = new WebSocketLambdaIntegration(
      `${catalogFunction.node.id}Integration`,
      catalogFunction.function,
    );
    for (const routeKey of routeKeys) {
      const claimedBy = this.routes.get(routeKey);
      if (claimedBy)
        throw new Error(`${spec.name} and ${claimedBy.spec.name} both claim the WebSocket route ${routeKey}`);
      this.routes.set(routeKey, catalogFunction);
      const authorizer = routeKey === '$connect' ? this.connectAuthorizer : undefined;
      const route = this.api.addRoute(routeKey, { integration, authorizer });
      if (!authorizer) {
        Validations.of(route).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            routeKey === '$connect'
              ? 'The catalogue declares no WebSocket authorizer, so $connect is open by design.'
              : `API Gateway runs authorizers only on $connect; ${routeKey} runs on a connection that was authorized when it opened.`,
        });
      }
    }
  }
}
