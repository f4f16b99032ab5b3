/**
 * The cloud stack built from the real catalogue, as `npx cdk synth` builds it for the default stage:
 * catalogue conformance, the parts the catalogue does not describe (sign-in, hosting, CSP, config.json),
 * and cdk-nag.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { catalog } from '@functions/catalog';
import { SECRET_IDS } from '@functions/function-spec';
import { ENV, SERVER_APP_CLIENT_NAME } from '@functions/environment';
import { mailConfigurationSetNameFor } from '@infra/constructs/mail-events';
import { BUILD_ONLY_PATTERN } from '@infra/constructs/web-app-deployment';
import { securityHeaders } from '@infra/security-headers';
import { STAGES } from '@infra/stages';
import { EMAIL_BOUNCED, EMAIL_COMPLAINT_RECEIVED, SES_EVENT_SOURCE } from '@shared/contracts/email-feedback';
import { runtimeConfigSchema } from '@shared/contracts/runtime-config';
import { describeCatalogueConformance } from './catalog-conformance';
import { acknowledgementsIn, unacknowledgedAwsSolutionsFindings } from './nag-findings';
import { describeStackLimits } from './stack-limits';
import {
  logicalIdOf,
  refersTo,
  resourcesOfType,
  synthesizePaylink,
  type SynthesizedPaylink,
} from './synthesize-paylink';

let synthesized: SynthesizedPaylink;
beforeAll(() => {
  synthesized = synthesizePaylink();
});
const synth = () => synthesized;

describeCatalogueConformance(synth, catalog);

describe('merchant sign-in', () => {
  it('signs in by email, verifies it, and enforces the password rules', () => {
    const { stack, resources } = synth();
    const pool = resources[logicalIdOf(stack.merchantAuth.userPool)]?.Properties ?? {};
    expect(pool.UsernameAttributes).toEqual(['email']);
    expect(pool.AutoVerifiedAttributes).toEqual(['email']);
    expect(pool.AdminCreateUserConfig).toEqual({ AllowAdminCreateUserOnly: false });
    expect(pool.Policies).toEqual({
      PasswordPolicy: expect.objectContaining({
        MinimumLength: 8,
        RequireLowercase: true,
        RequireUppercase: true,
        RequireNumbers: true,
        RequireSymbols: true,
      }),
    });
    expect(pool.DeletionProtection).toBe('INACTIVE');
  });

  it('gives the SPA a public client with password, custom (magic link) and refresh flows only', () => {
    const { stack, resources } = synth();
    const client = resources[logicalIdOf(stack.merchantAuth.webClient)]?.Properties ?? {};
    expect(client.GenerateSecret).toBe(false);
    expect(client.ExplicitAuthFlows).toEqual([
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_CUSTOM_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
    ]);
    expect(client.AllowedOAuthFlows).toBeUndefined();
    expect(client.EnableTokenRevocation).toBe(true);
    expect(client.AccessTokenValidity).toBe(60);
    expect(client.TokenValidityUnits).toEqual(
      expect.objectContaining({ AccessToken: 'minutes', RefreshToken: 'minutes' }),
    );
  });

  it('gives the server a client of its own, password sign-in only, and the token trigger version 2 (#259)', () => {
    const { stack, resources } = synth();
    const client = resources[logicalIdOf(stack.merchantAuth.serverClient)]?.Properties ?? {};
    expect(client.ClientName).toBe(SERVER_APP_CLIENT_NAME);
    expect(client.GenerateSecret).toBe(false);
    expect(client.ExplicitAuthFlows).toEqual(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    expect(client.AccessTokenValidity).toBe(5);
    const pool = resources[logicalIdOf(stack.merchantAuth.userPool)]?.Properties ?? {};
    // Access-token customisation needs the Essentials plan and the version 2 event.
    expect(pool.UserPoolTier).toBe('ESSENTIALS');
    expect((pool.LambdaConfig as Record<string, unknown>).PreTokenGenerationConfig).toMatchObject({
      LambdaVersion: 'V2_0',
    });
  });
});

describe('secrets and email', () => {
  it.each([...SECRET_IDS])('%s is a generated secret named by stage', (secretId) => {
    const { stack, resources } = synth();
    const secret = resources[logicalIdOf(stack.secrets.get(secretId)!)];
    expect(secret?.Properties?.Name).toBe(`paylink/dev/${secretId}`);
    expect(secret?.Properties?.GenerateSecretString).toBeDefined();
  });

  it("creates the stage's SES identity for the operator to verify", () => {
    const { stack, resources } = synth();
    expect(resources[logicalIdOf(stack.mailIdentity)]?.Properties?.EmailIdentity).toBe(STAGES.dev.mailIdentity);
  });

  it('sends every email with a configuration set whose hard bounces and complaints reach the feedback consumer (#201)', () => {
    const { stack, resources } = synth();
    const configurationSetId = logicalIdOf(stack.mailEvents.configurationSet);
    expect(resources[configurationSetId]?.Properties?.Name).toBe(mailConfigurationSetNameFor('dev'));

    // SES publishes bounces and complaints to EventBridge's default bus, the only one it publishes to.
    const destinations = resourcesOfType(resources, 'AWS::SES::ConfigurationSetEventDestination').filter(
      ([, destination]) => refersTo(destination.Properties?.ConfigurationSetName, configurationSetId),
    );
    expect(destinations).toHaveLength(1);
    const destination = destinations[0]![1].Properties?.EventDestination as {
      Enabled?: boolean;
      MatchingEventTypes: string[];
      EventBridgeDestination?: { EventBusArn: unknown };
    };
    expect(destination.Enabled ?? true).toBe(true);
    expect([...destination.MatchingEventTypes].sort()).toEqual(['bounce', 'complaint']);
    expect(JSON.stringify(destination.EventBridgeDestination?.EventBusArn)).toMatch(/:event-bus\/default"/);

    // On that bus, a rule takes SES's two events to the consumer that lists the address.
    const consumerId = logicalIdOf(stack.functions.get('record-email-feedback')!.function);
    const rules = resourcesOfType(resources, 'AWS::Events::Rule').filter(([, rule]) =>
      (rule.Properties?.Targets as { Arn: unknown }[]).some((target) => refersTo(target.Arn, consumerId)),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]![1].Properties?.EventBusName).toBeUndefined();
    expect(rules[0]![1].Properties?.EventPattern).toEqual({
      source: [SES_EVENT_SOURCE],
      'detail-type': [EMAIL_BOUNCED, EMAIL_COMPLAINT_RECEIVED],
    });

    // Every function that sends email sends with the configuration set, and may.
    for (const spec of catalog.filter((entry) => entry.sendsEmail)) {
      const fn = stack.functions.get(spec.name)!.function;
      const variables = (resources[logicalIdOf(fn)]?.Properties?.Environment as { Variables: Record<string, unknown> })
        .Variables;
      expect(variables[ENV.mailConfigurationSet], spec.name).toBe(mailConfigurationSetNameFor('dev'));
    }
  });
});

describe('HTTP API stage', () => {
  it('is throttled and access-logged', () => {
    const { stack, resources } = synth();
    const stage = resources[logicalIdOf(stack.httpApi.defaultStage)]?.Properties ?? {};
    expect(stage.StageName).toBe('$default');
    expect(stage.AutoDeploy).toBe(true);
    // Per-route metrics are billed per route; off unless the stage asks (tests/infra/monitoring.test.ts).
    expect(stage.DefaultRouteSettings).toEqual({
      ThrottlingBurstLimit: expect.any(Number),
      ThrottlingRateLimit: expect.any(Number),
    });
    const logs = stage.AccessLogSettings as { DestinationArn: unknown; Format: string };
    expect(resources[[...Object.keys(resources)].find((id) => refersTo(logs.DestinationArn, id))!]?.Type).toBe(
      'AWS::Logs::LogGroup',
    );
    expect(JSON.parse(logs.Format)).toEqual(
      expect.objectContaining({ requestId: '$context.requestId', status: '$context.status' }),
    );
  });
});

describe('web hosting', () => {
  const distributionConfig = () => {
    const { stack, resources } = synth();
    return resources[logicalIdOf(stack.web.distribution)]?.Properties?.DistributionConfig as Record<string, unknown> & {
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Record<string, unknown>[];
      Origins: Record<string, unknown>[];
    };
  };

  it('serves the SPA from a private, SSL-only bucket through origin access control', () => {
    const { stack, resources } = synth();
    const bucketId = logicalIdOf(stack.web.siteBucket);
    expect(resources[bucketId]?.Properties?.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    const policy = resourcesOfType(resources, 'AWS::S3::BucketPolicy').find(([, p]) =>
      refersTo(p.Properties?.Bucket, bucketId),
    )!;
    expect(JSON.stringify(policy[1].Properties?.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    const config = distributionConfig();
    expect(config.DefaultRootObject).toBe('index.html');
    const siteOrigin = config.Origins.find((origin) => refersTo(origin.DomainName, bucketId))!;
    expect(siteOrigin.OriginAccessControlId).toBeDefined();
  });

  it('rewrites extension-less paths to their prerendered page, preloading shell or /index.html, on the default behaviour only', () => {
    const { resources } = synth();
    const config = distributionConfig();
    const [association] = config.DefaultCacheBehavior.FunctionAssociations as {
      EventType: string;
      FunctionARN: unknown;
    }[];
    expect(association?.EventType).toBe('viewer-request');
    const functionId = [...Object.keys(resources)].find((id) => refersTo(association?.FunctionARN, id))!;
    const code = resources[functionId]?.Properties?.FunctionCode as string;
    const handler = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => {
      uri: string;
    };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    // The landing and sign-in pages, drawn at build time (shared/prerendered-pages.ts), with or without a slash.
    expect(rewrite('/')).toBe('/prerendered/landing.html');
    expect(rewrite('/login')).toBe('/prerendered/login.html');
    expect(rewrite('/login/')).toBe('/prerendered/login.html');
    expect(rewrite('/signup')).toBe('/prerendered/signup.html');
    expect(rewrite('/prerendered/login.html')).toBe('/prerendered/login.html');
    // Support and the legal pages, drawn at build time too (docs/decisions.md #220).
    for (const page of ['support', 'privacy', 'terms', 'stripe-disclaimer']) {
      expect(rewrite(`/${page}`)).toBe(`/prerendered/${page}.html`);
      expect(rewrite(`/${page}/`)).toBe(`/prerendered/${page}.html`);
    }
    expect(rewrite('/terms/extra')).toBe('/index.html');
    // The dashboard's home: the shell that asks for its code in the first response (docs/decisions.md #280).
    expect(rewrite('/dashboard')).toBe('/shells/dashboard.html');
    expect(rewrite('/dashboard/')).toBe('/shells/dashboard.html');
    expect(rewrite('/dashboard/transactions')).toBe('/index.html');
    expect(rewrite('/login/extra')).toBe('/index.html');
    expect(rewrite('/p/abc123')).toBe('/index.html');
    expect(rewrite('/assets/index-3f9a.js')).toBe('/assets/index-3f9a.js');
    expect(rewrite('/config.json')).toBe('/config.json');
    const apiBehavior = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*')!;
    expect(apiBehavior.FunctionAssociations).toBeUndefined();
    expect(config.CustomErrorResponses, 'no error mapping that would mask API errors').toBeUndefined();
  });

  it('sends /api/* to the HTTP API uncached, with every viewer header but Host, all methods', () => {
    const { stack } = synth();
    const config = distributionConfig();
    const apiBehavior = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*')!;
    expect(apiBehavior.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(apiBehavior.OriginRequestPolicyId).toBe(
      OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
    );
    expect(apiBehavior.AllowedMethods).toEqual(
      expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
    );
    const origin = config.Origins.find((candidate) => candidate.Id === apiBehavior.TargetOriginId)!;
    expect(refersTo(origin.DomainName, logicalIdOf(stack.httpApi.api))).toBe(true);
    expect(origin.CustomOriginConfig).toEqual(
      expect.objectContaining({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] }),
    );
  });

  it('adds security headers with a strict CSP on every response', () => {
    const { stack, resources } = synth();
    const config = distributionConfig();
    const policyRef = config.DefaultCacheBehavior.ResponseHeadersPolicyId;
    expect(
      config.CacheBehaviors.every(
        (behavior) => JSON.stringify(behavior.ResponseHeadersPolicyId) === JSON.stringify(policyRef),
      ),
    ).toBe(true);
    const policyId = (policyRef as { Ref: string }).Ref;
    const headers = (
      resources[policyId]?.Properties?.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, unknown> }
    ).SecurityHeadersConfig;
    const cspExpression = (headers.ContentSecurityPolicy as { ContentSecurityPolicy: unknown }).ContentSecurityPolicy;
    const csp = JSON.stringify(cspExpression);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "img-src 'self' data: blob:",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).toContain("connect-src 'self' https://cognito-idp.");
    expect(csp).toContain(' wss://');
    expect(refersTo(cspExpression, logicalIdOf(stack.realtimeApi.api))).toBe(true);
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.StrictTransportSecurity).toEqual(expect.objectContaining({ IncludeSubdomains: true }));
  });

  it('sends exactly the values the local gateway sends, from one definition (docs/decisions.md #70)', () => {
    const { resources } = synth();
    const policyId = (distributionConfig().DefaultCacheBehavior.ResponseHeadersPolicyId as { Ref: string }).Ref;
    const config = resources[policyId]?.Properties?.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: Record<string, Record<string, unknown>>;
      CustomHeadersConfig: { Items: { Header: string; Value: string }[] };
    };
    const cloud = config.SecurityHeadersConfig;
    // The CSP with the realtime API's deploy-time host as a token: the same text around it as the shared
    // definition's, for the stack's region.
    const csp = (cloud.ContentSecurityPolicy!.ContentSecurityPolicy as { 'Fn::Join': [string, unknown[]] })[
      'Fn::Join'
    ][1]
      .map((part) => (typeof part === 'string' ? part : '<token>'))
      .join('')
      .replace(/wss:\/\/[^ ;]*/, 'wss://<host>');
    const cognito = /https:\/\/cognito-idp\.[a-z0-9-]+\.amazonaws\.com/.exec(csp)?.[0];
    expect(cognito).toBeDefined();
    const expected = securityHeaders({ cognito: cognito!, realtime: 'wss://<host>', https: true });
    expect(csp).toBe(expected['content-security-policy']);
    expect(cloud.ContentSecurityPolicy!.Override).toBe(true);
    expect(`max-age=${String(cloud.StrictTransportSecurity!.AccessControlMaxAgeSec)}; includeSubDomains`).toBe(
      expected['strict-transport-security'],
    );
    expect(cloud.ContentTypeOptions).toEqual({ Override: true });
    expect(expected['x-content-type-options']).toBe('nosniff');
    expect(String(cloud.FrameOptions!.FrameOption)).toBe(expected['x-frame-options']);
    expect(cloud.ReferrerPolicy!.ReferrerPolicy).toBe(expected['referrer-policy']);
    expect(cloud.XSSProtection).toEqual({ Protection: false, Override: true });
    expect(expected['x-xss-protection']).toBe('0');
    const custom = Object.fromEntries(
      config.CustomHeadersConfig.Items.map((item) => [item.Header.toLowerCase(), item.Value]),
    );
    expect(custom).toEqual({
      'permissions-policy': expected['permissions-policy'],
      'cross-origin-opener-policy': expected['cross-origin-opener-policy'],
    });
  });

  it('deploys hashed assets immutable and index.html + config.json revalidated, with the runtime config', () => {
    const { stack, resources } = synth();
    const deployments = resourcesOfType(resources, 'Custom::CDKBucketDeployment').map(
      ([, deployment]) => deployment.Properties ?? {},
    );
    const hashed = deployments.find((deployment) => JSON.stringify(deployment.Include) === '["assets/*"]')!;
    expect(hashed.SystemMetadata).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
    expect(hashed.Prune).toBe(false);
    // Everything else but the build's own files (Vite's manifest, which maps every page's chunks).
    const entry = deployments.find(
      (deployment) => JSON.stringify(deployment.Exclude) === JSON.stringify(['assets/*', BUILD_ONLY_PATTERN]),
    )!;
    expect(BUILD_ONLY_PATTERN).toBe('.vite/*');
    expect(entry.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(refersTo(entry.DistributionId, logicalIdOf(stack.web.distribution))).toBe(true);
    // config.json is the second source; its deploy-time values are the pool, its client and the socket URL.
    const markers = (entry.SourceMarkers as Record<string, unknown>[])[1];
    expect(refersTo(markers, logicalIdOf(stack.merchantAuth.userPool))).toBe(true);
    expect(refersTo(markers, logicalIdOf(stack.merchantAuth.webClient))).toBe(true);
    expect(refersTo(markers, logicalIdOf(stack.realtimeApi.api))).toBe(true);
    // The file itself: exactly the keys the SPA's contract reads (userPoolEndpoint is for the local runtime).
    const configAsset = stack.node
      .findAll()
      .filter((construct): construct is Asset => construct instanceof Asset)
      .map((asset) => path.join(synth().assemblyDirectory, asset.assetPath, 'config.json'))
      .find((file) => existsSync(file))!;
    const config = JSON.parse(readFileSync(configAsset, 'utf8')) as Record<string, unknown>;
    expect(z.strictObject(runtimeConfigSchema.shape).parse(config)).toEqual(config);
    expect(Object.keys(config).sort()).toEqual(['realtimeUrl', 'region', 'userPoolClientId', 'userPoolId']);
  });

  it('outputs what operators and the README need', () => {
    expect(Object.keys(synth().outputs)).toEqual(
      expect.arrayContaining(['AppUrl', 'ApiUrl', 'RealtimeUrl', 'UserPoolId', 'UserPoolClientId', 'EventBusName']),
    );
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('has no unacknowledged errors or warnings', () => {
    expect(unacknowledgedAwsSolutionsFindings(synth().stack)).toEqual([]);
  });

  it('gives every acknowledgement a specific reason, and no blanket wildcard acknowledgement', () => {
    const acknowledgements = acknowledgementsIn(synth().stack).filter((ack) => ack.id.startsWith('AwsSolutions-'));
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const ack of acknowledgements) {
      expect(ack.reason.length, `${ack.path} ${ack.id}`).toBeGreaterThanOrEqual(60);
      expect(ack.id, `${ack.path}: IAM5 is acknowledged finding by finding`).not.toBe('AwsSolutions-IAM5');
    }
  });
});

describeStackLimits(synth);
