/**
 * Closes the HTTP API's own execute-api URL: the API answers only requests that came through CloudFront
 * (and so through its WAF). CloudFront adds a secret header to every request it sends to the API, and a
 * cached Lambda authorizer on the routes without a token checks it.
 *
 * Why this design: an HTTP API has no resource policy and no WAF of its own; turning off its default
 * endpoint would need a custom domain (and certificate) for CloudFront to reach it, which the stack does
 * not have; a named stage as a secret path would put the secret in a resource identifier and in every
 * handler's rawPath. The authorizer costs about one invocation an hour (API Gateway caches its answer per
 * header value, and refuses a request with no header without invoking it), and no handler changes.
 *
 * Merchant routes get their own Lambda authorizer (an HTTP API route takes one authorizer), which checks
 * the same header AND the merchant's Cognito token (functions/authorizers/merchant-token-authorizer.ts): a
 * valid token alone does not open the execute-api URL either. Both functions are the catalogue's
 * `httpAuthorizers` (functions/catalog/http-authorizers.ts): their entry, name and description come from there.
 * The secret's value reaches CloudFront through a CloudFormation dynamic reference: it is in the
 * distribution's configuration, never in the template or the repository.
 */
import path from 'node:path';
import { Duration, Validations } from 'aws-cdk-lib';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LoggingFormat } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { namedResourceRemovalPolicy } from '../removal-policies';
import { httpAuthorizers } from '@functions/catalog';
import { ENV, ORIGIN_SECRET_ENV, ORIGIN_VERIFY_HEADER } from '@functions/environment';
import type { FunctionSpec } from '@functions/function-spec';
import { FUNCTION_ARCHITECTURE, FUNCTION_RUNTIME } from './catalog-function';

/** API Gateway's longest authorizer cache: the header's value changes only when an operator rolls it. */
export const ORIGIN_CHECK_CACHE_TTL = Duration.hours(1);
/**
 * The merchant check's answer is cached per (origin header, token) this long: a token is honoured at most
 * this long past its expiry (API Gateway's JWT authorizer honoured it not a second past), in exchange for
 * about one invocation a minute per signed-in merchant instead of one per request.
 */
export const MERCHANT_CHECK_CACHE_TTL = Duration.seconds(60);

export interface OriginCheckProps {
  repoRoot: string;
  stage: string;
  isProduction: boolean;
  /** Whose tokens the merchant check accepts. */
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
}

export class OriginCheck extends Construct {
  readonly secret: Secret;
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly authorizer: HttpLambdaAuthorizer;
  /** On merchant routes: CloudFront's header and the merchant's token (functions/authorizers/merchant-token-authorizer.ts). */
  readonly merchantFunction: NodejsFunction;
  readonly merchantRole: Role;
  readonly merchantAuthorizer: HttpLambdaAuthorizer;
  /** The header CloudFront adds to API requests: name → value (a dynamic reference to the secret). */
  readonly originHeaders: Record<string, string>;

  constructor(scope: Construct, id: string, props: OriginCheckProps) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      secretName: `paylink/${props.stage}/cloudfront-origin-secret`,
      description: 'Paylink: the header value CloudFront sends to the HTTP API; generated at first deployment',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: namedResourceRemovalPolicy(props.isProduction),
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront reads this value only when its distribution is deployed, so a rotated value would lock CloudFront out of the API until then. It never reaches browsers; a leak would let a caller skip the WAF, not act as anyone.',
    });

    const originCheck = this.checkFunction(
      '',
      {
        spec: httpAuthorizers.origin,
        roleDescription: 'Paylink origin check: reads the CloudFront origin secret and writes its own logs',
        environment: {},
      },
      props,
    );
    this.function = originCheck.function;
    this.role = originCheck.role;

    this.authorizer = new HttpLambdaAuthorizer('CloudFrontOrigin', this.function, {
      authorizerName: 'cloudfront-origin',
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      resultsCacheTtl: ORIGIN_CHECK_CACHE_TTL,
    });
    // Its own role and log group, like the origin check's: the secret and its logs, nothing else (it reads
    // the pool's public keys over https, which needs no grant).
    const merchantCheck = this.checkFunction(
      'Merchant',
      {
        spec: httpAuthorizers.merchantToken,
        roleDescription: 'Paylink merchant check: reads the CloudFront origin secret and writes its own logs',
        environment: {
          [ENV.userPoolId]: props.userPool.userPoolId,
          [ENV.userPoolClientId]: props.userPoolClient.userPoolClientId,
        },
      },
      props,
    );
    this.merchantFunction = merchantCheck.function;
    this.merchantRole = merchantCheck.role;
    this.merchantAuthorizer = new HttpLambdaAuthorizer('MerchantToken', this.merchantFunction, {
      authorizerName: 'cloudfront-origin-and-merchant-token',
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      // Both headers: API Gateway refuses (401) a request missing either, and caches per the pair.
      identitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`, '$request.header.Authorization'],
      resultsCacheTtl: MERCHANT_CHECK_CACHE_TTL,
    });

    // CloudFront has no way to read a secret itself; the dynamic reference resolves at deploy time.
    this.originHeaders = { [ORIGIN_VERIFY_HEADER]: this.secret.secretValue.unsafeUnwrap() };
  }

  /**
   * One authorizer function with its own log group and role: it may write its logs and read the origin
   * secret, nothing else. `idPrefix` keeps the construct ids the stack already has ('' → Logs, Role, Function).
   */
  private checkFunction(
    idPrefix: string,
    fn: { spec: FunctionSpec; roleDescription: string; environment: Record<string, string> },
    props: OriginCheckProps,
  ): { function: NodejsFunction; role: Role } {
    const logGroup = new LogGroup(this, `${idPrefix}Logs`, {
      logGroupName: `/paylink/${props.stage}/functions/${fn.spec.name}`,
      retention: props.isProduction ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: namedResourceRemovalPolicy(props.isProduction),
    });
    const role = new Role(this, `${idPrefix}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: fn.roleDescription,
    });
    logGroup.grantWrite(role);
    this.secret.grantRead(role);
    const checkFunction = new NodejsFunction(this, `${idPrefix}Function`, {
      description: fn.spec.description,
      entry: path.join(props.repoRoot, fn.spec.entry),
      handler: 'handler',
      projectRoot: props.repoRoot,
      depsLockFilePath: path.join(props.repoRoot, 'package-lock.json'),
      runtime: FUNCTION_RUNTIME,
      architecture: FUNCTION_ARCHITECTURE,
      memorySize: 256,
      timeout: Duration.seconds(fn.spec.timeoutSeconds ?? 5),
      role,
      logGroup,
      // Lambda's JSON log format: every line a JSON object, as the catalogue functions' Powertools lines are.
      loggingFormat: LoggingFormat.JSON,
      environment: { [ORIGIN_SECRET_ENV.arn]: this.secret.secretArn, ...fn.environment },
      bundling: { minify: true, format: OutputFormat.ESM, externalModules: ['@aws-sdk/*'] },
    });
    return { function: checkFunction, role };
  }
}
