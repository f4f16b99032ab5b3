/**
 * The rules a first `cdk deploy` into a fresh account depends on, checked on the synthesized templates
 * (`npm run deploy:rehearse` runs this file after synthesizing every stage and running cfn-lint). Each
 * rule names the deploy-time failure it prevents; docs/runbook.md ("Deploying") tells the same story.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  referencedLogicalIds,
  resourcesOfType,
  synthesizePaylink,
  logicalIdOf,
  type CfnResourceJson,
  type SynthesizedPaylink,
} from './synthesize-paylink';

const ACCOUNT = '111122223333';
const REGION = 'ap-southeast-2';

interface Stage {
  synthesized: SynthesizedPaylink;
  /** The app stack's and its nested stacks' resources, by template. */
  templates: { name: string; resources: Record<string, CfnResourceJson> }[];
}

function stageOf(context: Record<string, unknown>): Stage {
  const synthesized = synthesizePaylink({ context });
  return {
    synthesized,
    templates: synthesized.templates.map(({ name, stack, resources }) => ({
      name: stack === synthesized.stack.monitoring.nestedStack ? 'monitoring' : name,
      resources,
    })),
  };
}

let firstDeploy: Stage;
let production: Stage;
beforeAll(() => {
  // A first deploy: the committed settings of a fresh stage, SES identity not verified yet.
  firstDeploy = stageOf({ stage: 'dev' });
  // Prod synthesizes only with an alarm address (infra/deployment-settings.ts); its operator's stands here.
  production = stageOf({ stage: 'prod', alarmEmail: 'ops@example.co.nz' });
});

/** Replaces pseudo parameters and joins, so a policy's strings can be compared like IAM does. */
function resolved(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolved);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if (typeof record.Ref === 'string') {
    const pseudo: Record<string, string> = {
      'AWS::AccountId': ACCOUNT,
      'AWS::Region': REGION,
      'AWS::Partition': 'aws',
      'AWS::URLSuffix': 'amazonaws.com',
    };
    return pseudo[record.Ref] ?? `ref:${record.Ref}`;
  }
  if (Array.isArray(record['Fn::Join'])) {
    const [separator, parts] = record['Fn::Join'] as [string, unknown[]];
    return parts.map((part) => String(resolved(part))).join(separator);
  }
  return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, resolved(inner)]));
}

const asList = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** IAM's `*` and `?` wildcards, as StringLike and ArnLike match them. */
function wildcardMatch(pattern: string, text: string): boolean {
  const escaped = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`).test(text);
}

interface Request {
  service: string;
  action: string;
  resource: string;
  context: Record<string, string>;
}

interface Statement {
  Effect: 'Allow' | 'Deny';
  Principal?: unknown;
  Action?: unknown;
  Resource?: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

function conditionHolds(condition: Statement['Condition'], context: Record<string, string>): boolean {
  for (const [operator, tests] of Object.entries(condition ?? {})) {
    for (const [key, expected] of Object.entries(tests)) {
      const actual = context[key];
      const values = asList(expected).map(String);
      const holds =
        actual !== undefined &&
        (operator === 'StringEquals' || operator === 'ArnEquals' || operator === 'Bool'
          ? values.includes(actual)
          : operator === 'StringLike' || operator === 'ArnLike'
            ? values.some((pattern) => wildcardMatch(pattern, actual))
            : false);
      if (!holds) return false;
    }
  }
  return true;
}

function statementApplies(statement: Statement, request: Request): boolean {
  const principal = statement.Principal as { Service?: unknown; AWS?: unknown } | string | undefined;
  const principalMatches =
    principal === '*' ||
    (typeof principal === 'object' &&
      (asList(principal.Service).includes(request.service) || asList(principal.AWS).includes('*')));
  const actionMatches = asList(statement.Action).some((action) => wildcardMatch(String(action), request.action));
  const resourceMatches =
    statement.Resource === undefined ||
    asList(statement.Resource).some((resource) => wildcardMatch(String(resource), request.resource));
  return principalMatches && actionMatches && resourceMatches && conditionHolds(statement.Condition, request.context);
}

/** A resource policy's verdict: allowed when an Allow applies and no Deny does. */
function allows(statements: Statement[], request: Request): boolean {
  const applying = statements.filter((statement) => statementApplies(statement, request));
  return applying.some((s) => s.Effect === 'Allow') && !applying.some((s) => s.Effect === 'Deny');
}

describe('a first deploy cannot fail on mail', () => {
  it('the user pool sends with Cognito until the SES identity is known to be verified', () => {
    const { stack, resources } = firstDeploy.synthesized;
    const email = resources[logicalIdOf(stack.merchantAuth.userPool)]?.Properties?.EmailConfiguration as
      Record<string, unknown> | undefined;
    // Cognito checks SourceArn's identity when it creates the pool: an identity made in the same deploy
    // cannot have been verified yet, so the create would fail.
    expect(email?.SourceArn).toBeUndefined();
    expect(email?.EmailSendingAccount ?? 'COGNITO_DEFAULT').toBe('COGNITO_DEFAULT');
  });

  it('no user pool refers to an SES identity the same template creates', () => {
    for (const stage of [firstDeploy, production]) {
      const identities = resourcesOfType(stage.synthesized.resources, 'AWS::SES::EmailIdentity').map(([id]) => id);
      for (const [id, pool] of resourcesOfType(stage.synthesized.resources, 'AWS::Cognito::UserPool')) {
        const references = referencedLogicalIds([pool.Properties, pool.DependsOn ?? []]);
        expect(
          identities.filter((identity) => references.has(identity)),
          id,
        ).toEqual([]);
      }
    }
  });

  it('once verified, the pool sends through the SES identity in the app region', () => {
    const verified = synthesizePaylink({ context: { stage: 'dev', mailVerified: 'true' } });
    const email = verified.resources[logicalIdOf(verified.stack.merchantAuth.userPool)]?.Properties
      ?.EmailConfiguration as Record<string, unknown>;
    expect(email.EmailSendingAccount).toBe('DEVELOPER');
    expect(String(resolved(email.SourceArn))).toMatch(new RegExp(`^arn:aws:ses:${REGION}:`));
  });
});

describe('a failed first production deploy can be retried', () => {
  /** Properties that give a resource a name of ours, which a retained copy would keep taken. */
  const NAME_PROPERTIES: Record<string, string> = {
    'AWS::SecretsManager::Secret': 'Name',
    'AWS::Logs::LogGroup': 'LogGroupName',
    'AWS::SQS::Queue': 'QueueName',
    'AWS::SNS::Topic': 'TopicName',
    'AWS::Events::EventBus': 'Name',
    'AWS::SES::EmailIdentity': 'EmailIdentity',
    'AWS::CloudWatch::Dashboard': 'DashboardName',
    'AWS::S3::Bucket': 'BucketName',
    'AWS::DynamoDB::Table': 'TableName',
    'AWS::KMS::Alias': 'AliasName',
  };

  it('every kept resource with a fixed name is RetainExceptOnCreate', () => {
    const retainedAndNamed: string[] = [];
    for (const { name, resources } of production.templates) {
      for (const [id, resource] of Object.entries(resources)) {
        const nameProperty = NAME_PROPERTIES[resource.Type];
        if (!nameProperty || resource.Properties?.[nameProperty] === undefined) continue;
        if ((resource.DeletionPolicy ?? 'Delete') === 'Delete') continue;
        if (resource.DeletionPolicy !== 'RetainExceptOnCreate')
          retainedAndNamed.push(`${name}/${id} (${resource.Type})`);
      }
    }
    expect(retainedAndNamed).toEqual([]);
  });

  it('a dev stage leaves nothing behind on destroy, its KMS keys included', () => {
    const kept = firstDeploy.templates.flatMap(({ name, resources }) =>
      Object.entries(resources)
        .filter(([, resource]) => (resource.DeletionPolicy ?? 'Delete') !== 'Delete')
        .map(([id, resource]) => `${name}/${id} (${resource.Type})`),
    );
    expect(kept).toEqual([]);
  });
});

describe('alarms reach a person', () => {
  it('every alarm action can publish to its topic under the synthesized topic and key policies', () => {
    for (const stage of [firstDeploy, production]) {
      const monitoring = stage.templates.find(({ name }) => name === 'monitoring')!.resources;
      const alarms = resourcesOfType(monitoring, 'AWS::CloudWatch::Alarm');
      expect(alarms.length).toBeGreaterThan(0);
      const topicPolicies = resourcesOfType(monitoring, 'AWS::SNS::TopicPolicy');
      const unpublishable: string[] = [];
      for (const [alarmId, alarm] of alarms) {
        const alarmName = resolved(alarm.Properties?.AlarmName);
        expect(typeof alarmName, alarmId).toBe('string');
        const actions = asList(alarm.Properties?.AlarmActions);
        expect(actions.length, alarmId).toBeGreaterThan(0);
        for (const action of actions) {
          const [topicId] = [...referencedLogicalIds(action)];
          const topic = monitoring[topicId!];
          const statements = topicPolicies
            .filter(([, policy]) =>
              asList(policy.Properties?.Topics).some((t) => referencedLogicalIds(t).has(topicId!)),
            )
            .flatMap(
              ([, policy]) => (resolved(policy.Properties?.PolicyDocument) as { Statement: Statement[] }).Statement,
            );
          const context = {
            'aws:SourceAccount': ACCOUNT,
            'aws:SourceArn': `arn:aws:cloudwatch:${REGION}:${ACCOUNT}:alarm:${String(alarmName)}`,
            'aws:SecureTransport': 'true',
          };
          const publish = {
            service: 'cloudwatch.amazonaws.com',
            action: 'sns:Publish',
            resource: `ref:${topicId}`,
            context,
          };
          if (!allows(statements, publish)) unpublishable.push(`${alarmId}: sns:Publish refused`);
          // An encrypted topic: CloudWatch must also be able to use its key.
          const keyId = [...referencedLogicalIds(topic?.Properties?.KmsMasterKeyId)][0];
          if (keyId) {
            const keyPolicy = resolved(monitoring[keyId]?.Properties?.KeyPolicy) as { Statement: Statement[] };
            for (const action of ['kms:GenerateDataKey', 'kms:Decrypt']) {
              if (!allows(keyPolicy.Statement, { ...publish, action, resource: '*' }))
                unpublishable.push(`${alarmId}: ${action} on the topic's key refused`);
            }
          }
        }
      }
      expect(unpublishable).toEqual([]);
    }
  });

  it('the topic still refuses anything but TLS and stays encrypted', () => {
    const monitoring = production.templates.find(({ name }) => name === 'monitoring')!.resources;
    const [[, topic]] = resourcesOfType(monitoring, 'AWS::SNS::Topic') as [[string, CfnResourceJson]];
    expect(topic.Properties?.KmsMasterKeyId).toBeDefined();
    const statements = resourcesOfType(monitoring, 'AWS::SNS::TopicPolicy').flatMap(
      ([, policy]) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement,
    );
    expect(
      statements.some((s) => s.Effect === 'Deny' && JSON.stringify(s.Condition).includes('aws:SecureTransport')),
    ).toBe(true);
  });
});

describe('operations see what happens', () => {
  it('every function of the stack logs JSON', () => {
    const plainText = firstDeploy.templates.flatMap(({ name, resources }) =>
      resourcesOfType(resources, 'AWS::Lambda::Function')
        .filter(([, fn]) => (fn.Properties?.LoggingConfig as { LogFormat?: string } | undefined)?.LogFormat !== 'JSON')
        // CDK's own providers (bucket auto-delete, the web app's upload) are not ours to shape.
        .filter(([id]) => !id.startsWith('Custom'))
        .map(([id]) => `${name}/${id}`),
    );
    expect(plainText).toEqual([]);
  });

  it("the dashboard's metrics carry the dimensions AWS publishes them with", () => {
    const monitoring = firstDeploy.templates.find(({ name }) => name === 'monitoring')!.resources;
    const [[, dashboard]] = resourcesOfType(monitoring, 'AWS::CloudWatch::Dashboard') as [[string, CfnResourceJson]];
    const body = JSON.stringify(dashboard.Properties?.DashboardBody);
    // EventBridge publishes a rule's metrics on a custom bus by EventBusName and RuleName together.
    const eventMetrics = [...body.matchAll(/\[\\"AWS\/Events\\",\\"[A-Za-z]+\\"(.*?)\]/g)].map((match) => match[1]!);
    expect(eventMetrics.length).toBeGreaterThan(0);
    for (const dimensions of eventMetrics) {
      expect(dimensions).toContain('EventBusName');
      expect(dimensions).toContain('RuleName');
    }
  });
});
