/**
 * The web ACL in front of CloudFront. AWS only accepts a CloudFront web ACL in us-east-1, while Paylink
 * runs in the app region, so it is a stack of its own there; the app stack reads its ARN through a CDK
 * cross-region reference. Its rate-based rule is the cloud half of PUBLIC_RATE_LIMIT: the local gateway
 * applies the same numbers to the same routes.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { PUBLIC_RATE_LIMIT, RATE_LIMIT_EXEMPT_PATHS } from '@functions/function-spec';
import { RATE_LIMITED_CODE, RATE_LIMITED_MESSAGE } from '@shared/contracts/errors';

/** CloudFront web ACLs exist only in this region. */
export const EDGE_REGION = 'us-east-1';
const RATE_LIMITED_BODY_KEY = 'rateLimited';

/**
 * The path as the origin will route it, not as typed (docs/decisions.md #135): percent-decoded, then
 * with repeated slashes and `.`/`..` segments resolved, so `/api/me/../checkout` and `/api/me%2F..%2Fcheckout`
 * are the public `/api/checkout` to the rule whether or not CloudFront and API Gateway resolve them on the way.
 */
export const ROUTED_PATH_TRANSFORMATIONS: CfnWebACL.TextTransformationProperty[] = [
  { priority: 0, type: 'URL_DECODE' },
  { priority: 1, type: 'NORMALIZE_PATH' },
];

function pathMatches(positionalConstraint: 'EXACTLY' | 'STARTS_WITH', path: string): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint,
      searchString: path,
      textTransformations: ROUTED_PATH_TRANSFORMATIONS,
    },
  };
}

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

export interface EdgeFirewallStackProps extends StackProps {
  stage: string;
}

export class EdgeFirewallStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeFirewallStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION } });
    // The public API routes: everything under /api/ but the token-guarded merchant routes and Stripe's
    // signed webhooks (functions/catalog.ts says which routes those are; a test holds the two together).
    const publicApiRoutes: CfnWebACL.StatementProperty = {
      andStatement: {
        statements: [
          pathMatches('STARTS_WITH', '/api/'),
          ...RATE_LIMIT_EXEMPT_PATHS.exactly.map((path) => ({
            notStatement: { statement: pathMatches('EXACTLY', path) },
          })),
          ...RATE_LIMIT_EXEMPT_PATHS.startsWith.map((prefix) => ({
            notStatement: { statement: pathMatches('STARTS_WITH', prefix) },
          })),
        ],
      },
    };
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `paylink-${props.stage}-edge`,
      description: 'Paylink: per-client limit on public API routes, and known-bad addresses',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`paylink-${props.stage}-edge`),
      customResponseBodies: {
        [RATE_LIMITED_BODY_KEY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ code: RATE_LIMITED_CODE, message: RATE_LIMITED_MESSAGE }),
        },
      },
      rules: [
        {
          name: 'PublicApiRateLimit',
          priority: 0,
          statement: {
            rateBasedStatement: {
              limit: PUBLIC_RATE_LIMIT.requests,
              evaluationWindowSec: PUBLIC_RATE_LIMIT.windowSeconds,
              aggregateKeyType: 'IP',
              scopeDownStatement: publicApiRoutes,
            },
          },
          action: {
            block: { customResponse: { responseCode: 429, customResponseBodyKey: RATE_LIMITED_BODY_KEY } },
          },
          visibilityConfig: visibility('PublicApiRateLimit'),
        },
        {
          name: 'AmazonIpReputationList',
          priority: 1,
          statement: {
            managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesAmazonIpReputationList' },
          },
          overrideAction: { none: {} },
          visibilityConfig: visibility('AmazonIpReputationList'),
        },
      ],
    });
  }
}
