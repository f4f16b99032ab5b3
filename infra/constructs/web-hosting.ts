/**
 * Where the browser meets Paylink: one CloudFront distribution serving the SPA from a private S3 bucket
 * and `/api/*` from the HTTP API, so the app, its API and its cookies share one origin (no CORS).
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as EdgeFunction,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import {
  contentSecurityPolicy,
  CROSS_ORIGIN_OPENER_POLICY,
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
} from '../security-headers';
import { PRELOADING_SHELLS, PRERENDERED_PAGES } from '@shared/prerendered-pages';

export interface WebHostingProps {
  isProduction: boolean;
  /** Host of the HTTP API (`{id}.execute-api.{region}.amazonaws.com`). */
  apiDomainName: string;
  /** Headers CloudFront adds to every API request: the secret the API's origin check expects. */
  apiOriginHeaders: Record<string, string>;
  /** Host of the WebSocket API, which the page must be allowed to connect to. */
  realtimeDomainName: string;
  /** The CloudFront web ACL (us-east-1): the public API routes' rate limit. */
  webAclArn: string;
  /** Path patterns of the catalogue's pages (`/p/*`): served by the API's page functions, not the SPA. */
  pagePathPatterns?: string[];
}

/**
 * Extension-less paths are the SPA's own routes (`/dashboard`, `/payment-success`; `/p/{id}` has its own page
 * behaviour): the landing and sign-in pages get the HTML drawn for them at build time, the dashboard's home the
 * shell that asks for its code (shared/prerendered-pages.ts, the maps the build writes from), every other one
 * index.html, and the router takes over.
 * This runs on the default behaviour only, so `/api/*` answers — 401s, 404s — reach the browser as the API
 * sent them; the usual "403/404 → index.html" error mapping would turn a failed API call or a missing asset
 * into an HTML page with status 200. CloudFront Functions' runtime has no modules: the map is written in.
 */
const SPA_ROUTING_CODE = `var PAGE_FILES = ${JSON.stringify({ ...PRERENDERED_PAGES, ...PRELOADING_SHELLS })};
function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') !== -1) return request;
  var page = request.uri.replace(/\\/+$/, '') || '/';
  request.uri = PAGE_FILES[page] || '/index.html';
  return request;
}`;

export class WebHosting extends Construct {
  readonly siteBucket: Bucket;
  readonly logBucket: Bucket;
  readonly distribution: Distribution;
  /** `https://{distribution}.cloudfront.net`: the app's public origin. */
  readonly appOrigin: string;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);
    // A disposable stage empties its buckets on `cdk destroy`; production keeps them.
    const bucketLifecycle = props.isProduction
      ? { removalPolicy: RemovalPolicy.RETAIN }
      : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true };

    this.logBucket = new Bucket(this, 'AccessLogBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs, which BucketOwnerEnforced would refuse.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      ...bucketLifecycle,
    });
    Validations.of(this.logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This bucket is the access-log destination for the site bucket and CloudFront; logging it into itself would loop.',
    });

    this.siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      ...bucketLifecycle,
    });

    const region = Stack.of(this).region;
    // CloudFront is global: these names are unique in the account, not per region, and CDK's default names
    // come from the stack's name and the construct path alone — the same for one stage deployed in two
    // regions. The region in the name keeps them apart (CDK's own cache policy and function names carry it).
    const regionalName = (what: string) => `${Stack.of(this).stackName}-${what}-${region}`;
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: regionalName('security-headers'),
      comment: 'Paylink: strict CSP and security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            cognito: `https://cognito-idp.${region}.amazonaws.com`,
            realtime: `wss://${props.realtimeDomainName}`,
            https: true,
          }),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        // The legacy XSS auditor is switched off on purpose: it has caused leaks, and the CSP does its job.
        xssProtection: { protection: false, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Permissions-Policy',
            value: PERMISSIONS_POLICY,
            override: true,
          },
          { header: 'Cross-Origin-Opener-Policy', value: CROSS_ORIGIN_OPENER_POLICY, override: true },
        ],
      },
    });

    const spaRouting = new EdgeFunction(this, 'SpaRouting', {
      comment: 'Serve the prerendered page or index.html for extension-less SPA routes',
      code: FunctionCode.fromInline(SPA_ROUTING_CODE),
      runtime: FunctionRuntime.JS_2_0,
    });

    const apiOrigin = new HttpOrigin(props.apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      // CloudFront replaces a viewer's header of the same name, so a browser cannot supply its own.
      customHeaders: props.apiOriginHeaders,
    });

    // A page function's HTML (docs/decisions.md #22): the same for every viewer, so the edge keeps it as long
    // as the function says (a minute) and keys it on the path alone — no cookies or headers reach the
    // function, so nothing about a viewer can end up in a cached page. The one query passed (and keyed on) is
    // `amount`, a payment request's prefill for an open link: the same for everyone who opens that address
    // (docs/decisions.md #79).
    const pagePatterns = props.pagePathPatterns ?? [];
    const pageCache =
      pagePatterns.length > 0
        ? new CachePolicy(this, 'PageCache', {
            comment: 'Paylink pages: path-keyed (and amount), briefly cached, no cookies',
            queryStringBehavior: CacheQueryStringBehavior.allowList('amount'),
            defaultTtl: Duration.minutes(1),
            minTtl: Duration.seconds(0),
            maxTtl: Duration.minutes(5),
            enableAcceptEncodingBrotli: true,
            enableAcceptEncodingGzip: true,
          })
        : undefined;
    const pageBehaviors = Object.fromEntries(
      pagePatterns.map((pattern) => [
        pattern,
        {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: pageCache!,
          compress: true,
          responseHeadersPolicy: securityHeaders,
        },
      ]),
    );

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Paylink web app and API',
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // Australian and New Zealand edge locations are only in the "All" price class.
      priceClass: PriceClass.PRICE_CLASS_ALL,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket, {
          originAccessControl: new S3OriginAccessControl(this, 'SiteAccess', {
            originAccessControlName: regionalName('site'),
          }),
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRouting, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        ...pageBehaviors,
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything the viewer sent (Authorization, Stripe-Signature, the query) except Host, which must
          // name the execute-api domain for API Gateway to route the request.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'Payers can be anywhere (tourists, online customers of NZ businesses); restricting countries would refuse legitimate payments.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR4',
      reason:
        "The app is served on the distribution's own *.cloudfront.net name, whose default certificate fixes the viewer security policy; TLSv1.2_2021 requires a custom domain with an ACM certificate, which this stack does not configure yet.",
    });

    this.appOrigin = `https://${this.distribution.distributionDomainName}`;
  }
}
