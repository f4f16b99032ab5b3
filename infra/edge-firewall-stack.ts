/**
 * The web ACL in front of CloudFront. AWS only accepts a CloudFront web ACL in us-east-1, while Paylink
 * runs in the app region, so it is a stack of its own there; the app stack reads its ARN through a CDK
 * cross-region reference. Its rate-based rule is the cloud half of PUBLIC_RATE_LIMIT: the local gateway
 * applies the same numbers to the same routes.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { PUBLIC_RATE_LIMIT, RATE_LIMIT_EXEMPT_PREFIXES } from '@functions/function-spec';
import { RATE_LIMITED_CODE, RATE_LIMITED_MESSAGE } from '@shared/contracts/errors';

/** CloudFront web ACLs exist only in this region. */
export const EDGE_REGION = 'us-east-1';
const RATE_LIMITED_BODY_KEY = 'rateLimited';

function pathStartsWith(prefix: string): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'STARTS_WITH',
      searchString: prefix,
      textTransformations: [{ priority: 0, type: 'NONE' }],
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
          pathStartsWith('/api/'),
          ...RATE_LIMIT_EXEMPT_PREFIXES.map((prefix) => ({ notStatement: { statement: pathStartsWith(prefix) } })),
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
