/**
 * The CloudFront web ACL (us-east-1) holds the cloud half of the public routes' rate limit; the local
 * gateway holds the other half (tests/integration/rate-limit.test.ts). Both read PUBLIC_RATE_LIMIT, and
 * the prefixes the WAF rule exempts must be exactly the catalogue's non-public routes.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalog, httpRoutes } from '@functions/catalog';
import { isRateLimitExempt, PUBLIC_RATE_LIMIT, RATE_LIMIT_EXEMPT_PATHS } from '@functions/function-spec';
import { RATE_LIMITED_CODE, RATE_LIMITED_MESSAGE } from '@shared/contracts/errors';
import { EDGE_REGION } from '@infra/edge-firewall-stack';
import { unacknowledgedAwsSolutionsFindings } from './nag-findings';
import { synthesizePaylink, type SynthesizedPaylink } from './synthesize-paylink';

interface ByteMatch {
  ByteMatchStatement: {
    SearchString: string;
    PositionalConstraint: 'EXACTLY' | 'STARTS_WITH';
    TextTransformations: { Priority: number; Type: string }[];
  };
}
type Statement = ByteMatch | { NotStatement: { Statement: Statement } } | { AndStatement: { Statements: Statement[] } };
interface WafRule {
  Name: string;
  Statement: {
    RateBasedStatement: Record<string, unknown> & {
      ScopeDownStatement: { AndStatement: { Statements: Statement[] } };
    };
  };
  Action: { Block: { CustomResponse: { ResponseCode: number; CustomResponseBodyKey: string } } };
}
interface WebAclProperties {
  Scope: string;
  Rules: WafRule[];
  CustomResponseBodies: Record<string, { Content: string }>;
}

/**
 * The two transformations as AWS WAF's developer guide describes them ("Using text transformations in AWS
 * WAF"): URL_DECODE decodes percent-encoding; NORMALIZE_PATH removes repeated slashes and `.` and `..`
 * segments. Only these are modelled: the rule must use no other.
 */
const TRANSFORMS: Record<string, (path: string) => string> = {
  NONE: (path) => path,
  URL_DECODE: (path) => path.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  NORMALIZE_PATH: (path) => {
    const segments: string[] = [];
    for (const segment of path
      .replace(/\/{2,}/g, '/')
      .split('/')
      .slice(1)) {
      if (segment === '..') segments.pop();
      else if (segment !== '.') segments.push(segment);
    }
    return `/${segments.join('/')}`;
  },
};

/** Whether a synthesized statement matches a request for `path`, as WAF evaluates it. */
function matches(statement: Statement, path: string): boolean {
  if ('AndStatement' in statement) return statement.AndStatement.Statements.every((inner) => matches(inner, path));
  if ('NotStatement' in statement) return !matches(statement.NotStatement.Statement, path);
  const byteMatch = statement.ByteMatchStatement;
  const seen = [...byteMatch.TextTransformations]
    .sort((a, b) => a.Priority - b.Priority)
    .reduce((text, transformation) => TRANSFORMS[transformation.Type]!(text), path);
  return byteMatch.PositionalConstraint === 'EXACTLY'
    ? seen === byteMatch.SearchString
    : seen.startsWith(byteMatch.SearchString);
}

let synthesized: SynthesizedPaylink;
let edge: Template;
beforeAll(() => {
  synthesized = synthesizePaylink();
  edge = Template.fromStack(synthesized.edge);
});

describe('the edge firewall', () => {
  it('lives in us-east-1, where CloudFront web ACLs must, and the app stack attaches it to the distribution', () => {
    expect(synthesized.edge.region).toBe(EDGE_REGION);
    const [distribution] = Object.values(synthesized.resources).filter(
      (resource) => resource.Type === 'AWS::CloudFront::Distribution',
    );
    const webAclId = (distribution!.Properties!.DistributionConfig as { WebACLId?: unknown }).WebACLId;
    // A cross-region reference: read at deploy time from the edge stack's export.
    expect(JSON.stringify(webAclId)).toMatch(/ExportsReader/);
  });

  it('limits each client on the public API routes to PUBLIC_RATE_LIMIT and answers 429 with our words', () => {
    const [acl] = Object.values(edge.findResources('AWS::WAFv2::WebACL')) as { Properties: WebAclProperties }[];
    expect(acl!.Properties.Scope).toBe('CLOUDFRONT');
    const rule = acl!.Properties.Rules.find((candidate) => candidate.Name === 'PublicApiRateLimit')!;
    expect(rule.Statement.RateBasedStatement).toMatchObject({
      Limit: PUBLIC_RATE_LIMIT.requests,
      EvaluationWindowSec: PUBLIC_RATE_LIMIT.windowSeconds,
      AggregateKeyType: 'IP',
    });
    expect(rule.Action.Block.CustomResponse.ResponseCode).toBe(429);
    const body = acl!.Properties.CustomResponseBodies[rule.Action.Block.CustomResponse.CustomResponseBodyKey];
    expect(JSON.parse(body!.Content)).toEqual({ code: RATE_LIMITED_CODE, message: RATE_LIMITED_MESSAGE });
  });

  // Issue 48 door 10 (docs/decisions.md #135): the exemption reads the path as the origin routes it.
  it.each([
    ['/api/me/../checkout', true],
    ['/api/me/./../checkout', true],
    ['/api/me%2F..%2Fcheckout', true],
    ['/api/me/%2e%2e/checkout', true],
    ['/api//me/../links/abc', true],
    ['/api/webhooks/../checkout', true],
    ['/api/meh', true],
    ['/api/me.json', true],
    ['/api/checkout', true],
    ['/api/me', false],
    ['/api/me/payments', false],
    ['/api/me/links/abc/../def', false],
    ['/api/webhooks/stripe', false],
    ['/p/abc', false],
  ])('counts %s against the public limit: %s', (path, counted) => {
    const [acl] = Object.values(edge.findResources('AWS::WAFv2::WebACL')) as { Properties: WebAclProperties }[];
    const rule = acl!.Properties.Rules.find((candidate) => candidate.Name === 'PublicApiRateLimit')!;
    expect(matches(rule.Statement.RateBasedStatement.ScopeDownStatement, path)).toBe(counted);
  });

  it("exempts exactly the catalogue's non-public routes (what the local gateway leaves uncounted)", () => {
    expect(RATE_LIMIT_EXEMPT_PATHS.exactly).toEqual(['/api/me']);
    for (const route of httpRoutes(catalog)) {
      expect({ route: route.path, counted: !isRateLimitExempt(route.path) }).toEqual({
        route: route.path,
        counted: route.auth === 'public',
      });
    }
  });

  it('has no unacknowledged cdk-nag findings', () => {
    expect(unacknowledgedAwsSolutionsFindings(synthesized.edge)).toEqual([]);
  });
});
