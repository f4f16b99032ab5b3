/**
 * Issue 12 on the synthesised template: every function logs JSON with a retention and has an error
 * alarm, every dead-letter queue a depth alarm, the dashboard a widget per function and route group, all
 * alarms go to one encrypted, SSL-only topic that emails only when `-c alarmEmail` is given, every alarm
 * names its runbook section (and the section exists), and cdk-nag stays clean.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_METRICS, STAGE_ENV as FUNCTIONS_STAGE_ENV } from '@functions/adapters/observability';
import { catalog } from '@functions/catalog';
import { STRIPE_EVENT_SOURCES } from '@shared/contracts/stripe-event-sources';
import { STAGE_ENV } from '@infra/constructs/catalog-function';
import { isEventConsumer } from '@infra/constructs/event-routing';
import { PAYLINK_METRICS, RUNBOOK_SECTIONS } from '@infra/constructs/monitoring';
import { ROUTE_GROUPS } from '@infra/constructs/paylink-http-api';
import { unacknowledgedAwsSolutionsFindings } from './nag-findings';
import {
  logicalIdOf,
  referencedLogicalIds,
  resourcesOfType,
  synthesizePaylink,
  type CfnResourceJson,
  type SynthesizedPaylink,
} from './synthesize-paylink';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
let synth: SynthesizedPaylink;
/** The monitoring nested stack's resources (its own template: it keeps the app stack under 500 resources). */
let monitoring: Record<string, CfnResourceJson>;

function monitoringResources(of: SynthesizedPaylink): Record<string, CfnResourceJson> {
  return (
    Template.fromStack(of.stack.monitoring.nestedStack).toJSON() as { Resources: Record<string, CfnResourceJson> }
  ).Resources;
}

beforeAll(() => {
  // With the per-route graphs a stage can ask for (detailedRouteMetrics); without them below.
  synth = synthesizePaylink({ context: { stage: 'dev', detailedRouteMetrics: 'true' } });
  monitoring = monitoringResources(synth);
});

const ofType = (type: string) => Object.entries(monitoring).filter(([, resource]) => resource.Type === type);
const props = (resource: CfnResourceJson) => resource.Properties as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The dashboard body with its tokens: the JSON text parts of its Fn::Join, concatenated. */
function dashboardBody(): string {
  const [[, dashboard]] = ofType('AWS::CloudWatch::Dashboard') as [[string, CfnResourceJson]];
  const body = props(dashboard).DashboardBody as { 'Fn::Join': [string, unknown[]] } | string;
  if (typeof body === 'string') return body;
  return body['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join('');
}

/**
 * Alarms whose metric refers to the resource, wherever it lives: the monitoring's alarms as they read once
 * the references across the stacks are followed (a nested stack's parameter, fed by the app stack's resource
 * or by another nested stack's output).
 */
function alarmsOn(logicalId: string): CfnResourceJson[] {
  return ofType('AWS::CloudWatch::Alarm')
    .map(([id]) => synth.resources[id]!)
    .filter((alarm) => referencedLogicalIds({ ...alarm.Properties, AlarmActions: [], OKActions: [] }).has(logicalId));
}

/** An alarm's metrics as `name/statistic`, whether written as one metric or as metric math. */
function alarmMetrics(alarm: CfnResourceJson): string[] {
  const p = props(alarm);
  if (p.MetricName) return [`${p.MetricName}/${p.Statistic ?? p.ExtendedStatistic}`];
  return (p.Metrics ?? [])
    .filter((m: any) => m.MetricStat) // eslint-disable-line @typescript-eslint/no-explicit-any
    .map((m: any) => `${m.MetricStat.Metric.MetricName}/${m.MetricStat.Stat}`); // eslint-disable-line @typescript-eslint/no-explicit-any
}
const alarmOn = (metric: string) =>
  ofType('AWS::CloudWatch::Alarm').find(([, alarm]) => alarmMetrics(alarm).includes(metric))?.[1];

describe('function logs', () => {
  it('every catalogue function logs JSON at INFO, with a stage for its metrics, into a log group with a retention', () => {
    expect(synth.stack.functions.size).toBe(catalog.length);
    expect(FUNCTIONS_STAGE_ENV).toBe(STAGE_ENV);
    for (const [name, fn] of synth.stack.functions) {
      const resource = synth.resources[logicalIdOf(fn.function)]!;
      const { LoggingConfig, Environment } = props(resource);
      expect(LoggingConfig, name).toMatchObject({
        LogFormat: 'JSON',
        ApplicationLogLevel: 'INFO',
        SystemLogLevel: 'INFO',
        LogGroup: { Ref: logicalIdOf(fn.logGroup) },
      });
      expect(Environment.Variables[STAGE_ENV], name).toBe('dev');
      const logGroup = synth.resources[logicalIdOf(fn.logGroup)]!;
      expect(props(logGroup).RetentionInDays, name).toBe(30);
    }
  });
});

describe('alarms', () => {
  it('every function has an error alarm and a throttle alarm', () => {
    for (const [name, fn] of synth.stack.functions) {
      const alarms = alarmsOn(logicalIdOf(fn.function)).flatMap(alarmMetrics);
      expect(alarms, name).toEqual(expect.arrayContaining(['Errors/Sum', 'Throttles/Sum']));
    }
  });

  it('every dead-letter queue alarms on one message', () => {
    const consumers = catalog.filter(isEventConsumer).map((spec) => spec.name);
    expect([...synth.stack.events.deadLetterQueues.keys()].sort()).toEqual(consumers.sort());
    for (const [name, queue] of synth.stack.events.deadLetterQueues) {
      const [alarm] = alarmsOn(logicalIdOf(queue));
      expect(alarm, name).toBeDefined();
      expect(props(alarm!)).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    }
  });

  it('watches API 5xx rate, stuck pending payments, settlement lag p99 and webhook signature failures', () => {
    const api = alarmOn('5xx/Sum')!;
    expect(alarmMetrics(api)).toEqual(['Count/Sum', '5xx/Sum']);
    expect(props(alarmOn('OldestStuckPendingAgeMs/Maximum')!)).toMatchObject({ Threshold: 3_600_000 });
    expect(props(alarmOn('SettlementLagMs/p99')!)).toMatchObject({ Threshold: 300_000 });
    expect(props(alarmOn('WebhookSignatureFailures/Sum')!).Threshold).toBeGreaterThan(0);
  });

  it('the two API authorizers have error and throttle alarms, as catalogue functions do', () => {
    for (const fn of [synth.stack.originCheck.function, synth.stack.originCheck.merchantFunction]) {
      const alarms = alarmsOn(logicalIdOf(fn)).flatMap(alarmMetrics);
      expect(alarms, fn.node.path).toEqual(expect.arrayContaining(['Errors/Sum', 'Throttles/Sum']));
    }
  });

  it("every schedule alarms when its function is not invoked over a window longer than the schedule's rate", () => {
    const scheduled = catalog.filter((spec) => spec.schedule);
    expect(scheduled.length).toBeGreaterThan(0);
    for (const spec of scheduled) {
      const fn = synth.stack.functions.get(spec.name)!.function;
      const [alarm] = alarmsOn(logicalIdOf(fn)).filter((candidate) => props(candidate).MetricName === 'Invocations');
      expect(alarm, spec.name).toBeDefined();
      expect(props(alarm!)).toMatchObject({
        Statistic: 'Sum',
        Threshold: 1,
        ComparisonOperator: 'LessThanThreshold',
        TreatMissingData: 'breaching',
      });
      expect(props(alarm!).Period * props(alarm!).EvaluationPeriods, spec.name).toBeGreaterThan(
        spec.schedule!.rateMinutes * 60,
      );
    }
  });

  it('watches the WebSocket API, and SES bounce and complaint rates below where AWS reviews the account', () => {
    const realtime = alarmOn('IntegrationError/Sum')!;
    expect(alarmMetrics(realtime)).toEqual(['IntegrationError/Sum', 'ExecutionError/Sum']);
    const realtimeApi = logicalIdOf(synth.stack.realtimeApi.api);
    // The same alarm as the whole stack's resources hold it, its references across stacks followed.
    const [realtimeAlarmId] = ofType('AWS::CloudWatch::Alarm').find(([, alarm]) => alarm === realtime)!;
    expect(alarmsOn(realtimeApi)).toContain(synth.resources[realtimeAlarmId]);
    expect(props(alarmOn('Reputation.BounceRate/Maximum')!).Threshold).toBeLessThan(0.05);
    expect(props(alarmOn('Reputation.ComplaintRate/Maximum')!).Threshold).toBeLessThan(0.001);
  });

  it("alarms on CloudFront's 5xx rate in us-east-1, where its metrics are, on the app stack's distribution", () => {
    const { edgeAlarms, stack } = synth;
    expect(edgeAlarms.region).toBe('us-east-1');
    expect(edgeAlarms.dependencies).toContain(stack);
    const resources = (Template.fromStack(edgeAlarms).toJSON() as { Resources: Record<string, CfnResourceJson> })
      .Resources;
    const alarms = Object.values(resources).filter((resource) => resource.Type === 'AWS::CloudWatch::Alarm');
    expect(alarms).toHaveLength(1);
    expect(alarmMetrics(alarms[0]!)).toEqual(['Requests/Sum', '5xxErrorRate/Average']);
    const dimensions = (props(alarms[0]!).Metrics as { MetricStat?: { Metric: { Dimensions: unknown } } }[]).map(
      (metric) => metric.MetricStat?.Metric.Dimensions,
    );
    // The distribution's id crosses regions as CDK's SSM export of the app stack's resource.
    expect(JSON.stringify(dimensions)).toContain(
      `/cdk/exports/${edgeAlarms.stackName}/${stack.stackName.replace(/-/g, '')}${stack.region.replace(/-/g, '')}RefWebDistribution`,
    );
    const [[topicId]] = Object.entries(resources).filter(([, resource]) => resource.Type === 'AWS::SNS::Topic') as [
      [string, CfnResourceJson],
    ];
    expect(props(alarms[0]!).AlarmActions).toEqual([{ Ref: topicId }]);
    expect(props(alarms[0]!).AlarmDescription).toMatch(/Runbook: docs\/runbook\.md#cloudfront-5xx-rate$/);
    expect(unacknowledgedAwsSolutionsFindings(edgeAlarms)).toEqual([]);
  });

  it('every alarm notifies the one topic and names a runbook section that exists', () => {
    const runbook = readFileSync(path.join(REPO_ROOT, 'docs/runbook.md'), 'utf8');
    const anchors = new Set(
      [...runbook.matchAll(/^#{2,4} (.+)$/gm)].map((match) =>
        match[1]!
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    for (const section of Object.values(RUNBOOK_SECTIONS)) expect(anchors, section).toContain(section);
    const [[topicId]] = ofType('AWS::SNS::Topic') as [[string, CfnResourceJson]];
    const alarms = ofType('AWS::CloudWatch::Alarm');
    expect(alarms.length).toBeGreaterThan(2 * catalog.length);
    for (const [id, alarm] of alarms) {
      expect(props(alarm).AlarmActions, id).toEqual([{ Ref: topicId }]);
      expect(props(alarm).AlarmDescription, id).toMatch(/Runbook: docs\/runbook\.md#[a-z0-9-]+$/);
      const section = /#([a-z0-9-]+)$/.exec(props(alarm).AlarmDescription)![1]!;
      expect(anchors, id).toContain(section);
    }
  });
});

describe('alarm topic', () => {
  it('is one KMS-encrypted topic that refuses plain HTTP, with no email subscription unless asked', () => {
    const topics = ofType('AWS::SNS::Topic');
    expect(topics).toHaveLength(1);
    expect(props(topics[0]![1]).KmsMasterKeyId).toBeDefined();
    const policies = ofType('AWS::SNS::TopicPolicy').map(([, policy]) => JSON.stringify(policy.Properties));
    expect(policies.some((policy) => policy.includes('aws:SecureTransport'))).toBe(true);
    expect(ofType('AWS::SNS::Subscription')).toHaveLength(0);
  });

  it('subscribes the address given as -c alarmEmail', () => {
    // The topic does not depend on the functions: a stack without any keeps this second synth quick.
    const withEmail = synthesizePaylink({
      context: { stage: 'dev', alarmEmail: 'ops@example.co.nz' },
      functions: [],
    });
    const subscriptions = Object.values(monitoringResources(withEmail)).filter(
      (r) => r.Type === 'AWS::SNS::Subscription',
    );
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]!.Properties).toMatchObject({ Protocol: 'email', Endpoint: 'ops@example.co.nz' });
  });
});

describe('dashboard', () => {
  it('has a widget for every function and every route group, and the business, event, DLQ and WAF graphs', () => {
    const body = dashboardBody();
    for (const spec of catalog) expect(body, spec.name).toContain(`"title":"λ ${spec.name}"`);
    for (const { group } of Object.values(ROUTE_GROUPS)) {
      expect(body).toContain(`API ${group}: requests, 4xx, 5xx`);
      expect(body).toContain(`API ${group}: latency p99 by route`);
    }
    for (const spec of catalog) {
      for (const route of spec.routes ?? []) expect(body).toContain(`"Route","${route.method} ${route.path}"`);
    }
    for (const metric of PAYLINK_METRICS) expect(body, metric).toContain(metric);
    // One failed-invocations line per rule and schedule, wherever the rule is defined (its area's nested stack).
    const rulesAndSchedules = catalog.reduce(
      (sum, spec) => sum + (spec.rules ?? []).length + (spec.schedule ? 1 : 0),
      0,
    );
    expect(body.match(/"AWS\/Events","FailedInvocations"/g)?.length).toBe(rulesAndSchedules);
    expect(body).toContain('ApproximateNumberOfMessagesVisible');
    expect(body).toMatch(/"AWS\/WAFV2","BlockedRequests",[^\]]*"paylink-dev-edge"[^\]]*"region":"us-east-1"/);
  });

  it('turns on per-route metrics only when the stage asks, and graphs the whole API otherwise', () => {
    const stageOf = (of: SynthesizedPaylink) =>
      props(of.resources[logicalIdOf(of.stack.httpApi.defaultStage)]!) as {
        DefaultRouteSettings: Record<string, unknown>;
        RouteSettings?: Record<string, Record<string, unknown>>;
      };
    const asked = stageOf(synth);
    expect(asked.DefaultRouteSettings.DetailedMetricsEnabled).toBe(true);
    const routeKeys = catalog.flatMap((spec) => (spec.routes ?? []).map((route) => `${route.method} ${route.path}`));
    for (const routeKey of routeKeys)
      expect(asked.RouteSettings?.[routeKey]?.DetailedMetricsEnabled, routeKey).toBe(true);

    // By default: the routes that serve payers, but no function's grants or alarms matter here.
    const plain = synthesizePaylink({
      context: { stage: 'dev' },
      functions: catalog.filter((spec) => spec.routes?.length).slice(0, 3),
    });
    const settings = stageOf(plain);
    expect(settings.DefaultRouteSettings.DetailedMetricsEnabled).toBeUndefined();
    for (const [routeKey, setting] of Object.entries(settings.RouteSettings ?? {}))
      expect(setting.DetailedMetricsEnabled, routeKey).toBeUndefined();
    const [[, dashboard]] = Object.entries(monitoringResources(plain)).filter(
      ([, resource]) => resource.Type === 'AWS::CloudWatch::Dashboard',
    ) as [[string, CfnResourceJson]];
    const body = JSON.stringify(props(dashboard).DashboardBody);
    expect(body).toContain('API (all routes): requests, 4xx, 5xx');
    expect(body).not.toContain('\\"Route\\"');
  });

  it('graphs exactly the metrics the functions emit', () => {
    expect([...PAYLINK_METRICS].sort()).toEqual(Object.values(BUSINESS_METRICS).sort());
  });
});

describe('runbook', () => {
  it("lists every Stripe event type the catalogue's rules take, on its endpoint's row of the first-deploy checklist", () => {
    const runbook = readFileSync(path.join(REPO_ROOT, 'docs/runbook.md'), 'utf8');
    const rowOf = (webhookPath: string) =>
      runbook.split('\n').find((line) => line.includes(`\`<AppUrl>${webhookPath}\``))!;
    const rows = { platform: rowOf('/api/webhooks/stripe'), connect: rowOf('/api/webhooks/stripe-connect') };
    for (const [endpoint, source] of Object.entries(STRIPE_EVENT_SOURCES) as [keyof typeof rows, string][]) {
      const types = catalog
        .flatMap((spec) => (spec.rules ?? []).filter((rule) => rule.source === source))
        .flatMap((rule) => rule.detailTypes);
      expect(types.length, endpoint).toBeGreaterThan(0);
      for (const type of types) expect(rows[endpoint], `${endpoint}: ${type}`).toContain(`\`${type}\``);
    }
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('keeps the monitoring in a nested stack of its own, out of the app stack', () => {
    const [app, ...nested] = synth.templates;
    expect(nested.map((template) => template.stack)).toContain(synth.stack.monitoring.nestedStack);
    expect(resourcesOfType(app!.resources, 'AWS::CloudWatch::Alarm')).toHaveLength(0);
  });

  it('has no unacknowledged findings with monitoring in place', () => {
    expect(unacknowledgedAwsSolutionsFindings(synth.stack)).toEqual([]);
  });
});
