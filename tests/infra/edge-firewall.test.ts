/**
 * The CloudFront web ACL (us-east-1) holds the cloud half of the public routes' rate limit; the local
 * gateway holds the other half (tests/integration/rate-limit.test.ts). Both read PUBLIC_RATE_LIMIT, and
 * the prefixes the WAF rule exempts must be exactly the catalogue's non-public routes.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalog, httpRoutes } from '@functions/catalog';
import { PUBLIC_RATE_LIMIT, RATE_LIMIT_EXEMPT_PREFIXES } from '@functions/function-spec';
import { RATE_LIMITED_CODE, RATE_LIMITED_MESSAGE } from '@shared/contracts/errors';
import { EDGE_REGION } from '@infra/edge-firewall-stack';
import { unacknowledgedAwsSolutionsFindings } from './nag-findings';
import { synthesizePaylink, type SynthesizedPaylink } from './synthesize-paylink';

interface ByteMatch {
  ByteMatchStatement: { SearchString: string };
}
interface WafRule {
  Name: string;
  Statement: {
    RateBasedStatement: Record<string, unknown> & {
      ScopeDownStatement: { AndStatement: { Statements: (ByteMatch | { NotStatement: { Statement: ByteMatch } })[] } };
    };
  };
  Action: { Block: { CustomResponse: { ResponseCode: number; CustomResponseBodyKey: string } } };
}
interface WebAclProperties {
  Scope: string;
  Rules: WafRule[];
  CustomResponseBodies: Record<string, { Content: string }>;
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

    const scope = rule.Statement.RateBasedStatement.ScopeDownStatement.AndStatement.Statements;
    const exempted = scope.flatMap((statement) =>
      'NotStatement' in statement ? [statement.NotStatement.Statement.ByteMatchStatement.SearchString] : [],
    );
    expect(exempted).toEqual([...RATE_LIMIT_EXEMPT_PREFIXES]);
  });

  it("exempts exactly the catalogue's non-public routes (what the local gateway leaves uncounted)", () => {
    const exempt = (path: string) => RATE_LIMIT_EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix));
    for (const route of httpRoutes(catalog)) {
      expect({ route: route.path, counted: !exempt(route.path) }).toEqual({
        route: route.path,
        counted: route.auth === 'public',
      });
    }
  });

  it('has no unacknowledged cdk-nag findings', () => {
    expect(unacknowledgedAwsSolutionsFindings(synthesized.edge)).toEqual([]);
  });
});
