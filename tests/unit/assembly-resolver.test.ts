/**
 * The assembly runtime's reading of templates (infra/local/assembly): nested stacks found through their
 * TemplateURL's asset hash, their Parameters resolved from the parent, their Outputs read by the parent with
 * `Fn::GetAtt [Nested, Outputs.X]`, and the intrinsics a function's environment and policies use, resolved
 * to the local names. A small assembly written here, shaped as CDK writes one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCloudAssembly, resourcesOfType, type CloudAssembly } from '@infra/local/assembly/cloud-assembly';
import { resolveDynamicReferences } from '@infra/local/assembly/intrinsics';
import { createAssemblyResolver, type AssemblyResolver } from '@infra/local/assembly/local-resources';

const HASH = 'a'.repeat(64);
const ROOT = {
  Resources: {
    Orders: {
      Type: 'AWS::DynamoDB::Table',
      Properties: { KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }] },
    },
    Key: { Type: 'AWS::SecretsManager::Secret', Properties: { Name: 'paylink/test/stripe-secret-key' } },
    Area: {
      Type: 'AWS::CloudFormation::Stack',
      Properties: {
        TemplateURL: {
          'Fn::Join': ['', ['https://s3.', { Ref: 'AWS::Region' }, '.amazonaws.com/bucket/', `${HASH}.json`]],
        },
        Parameters: { OrdersTableName: { Ref: 'Orders' }, OrdersArn: { 'Fn::GetAtt': ['Orders', 'Arn'] } },
      },
    },
    Reader: {
      Type: 'AWS::Lambda::Function',
      Properties: {
        Environment: {
          Variables: {
            WORKER_ARN: { 'Fn::GetAtt': ['Area', 'Outputs.WorkerArn'] },
            KEY_ARN: { Ref: 'Key' },
            HOST: { 'Fn::Select': [1, { 'Fn::Split': ['//', 'https://example.test'] }] },
            GREETING: { 'Fn::Sub': ['${Word} from ${AWS::Region}, ${!Literal}', { Word: 'kia ora' }] },
            HEADER: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: 'Key' }, ':SecretString:::}}']] },
          },
        },
      },
    },
  },
};
const NESTED = {
  Parameters: { OrdersTableName: { Type: 'String' }, OrdersArn: { Type: 'String' } },
  Resources: {
    Worker: {
      Type: 'AWS::Lambda::Function',
      Properties: {
        FunctionName: 'worker',
        Environment: { Variables: { ORDERS_TABLE: { Ref: 'OrdersTableName' } } },
      },
    },
    WorkerPolicy: {
      Type: 'AWS::IAM::Policy',
      Properties: {
        PolicyDocument: {
          Statement: [{ Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: { 'Fn::Sub': '${OrdersArn}/index/*' } }],
        },
      },
    },
  },
  Outputs: { WorkerArn: { Value: { 'Fn::GetAtt': ['Worker', 'Arn'] } } },
};

let directory: string;
let assembly: CloudAssembly;
let resolver: AssemblyResolver;

beforeAll(() => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'paylink-assembly-'));
  writeFileSync(path.join(directory, 'App-test.template.json'), JSON.stringify(ROOT));
  writeFileSync(path.join(directory, 'AppArea.nested.template.json'), JSON.stringify(NESTED));
  writeFileSync(
    path.join(directory, 'App-test.assets.json'),
    JSON.stringify({ files: { [HASH]: { source: { path: 'AppArea.nested.template.json' } } } }),
  );
  assembly = readCloudAssembly(directory, 'App-test');
  resolver = createAssemblyResolver(assembly, {
    region: 'ap-southeast-2',
    accountId: '000000000000',
    userPoolId: () => 'ap-southeast-2_pool',
    userPoolClientId: () => 'client',
    userPoolServerClientId: () => 'server-client',
    secretArn: (name) => `arn:aws:secretsmanager:ap-southeast-2:000000000000:secret:${name}-abcdef`,
  });
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('reading a cloud assembly', () => {
  it('finds the nested stack through its template URL’s asset hash, and its resources', () => {
    expect(assembly.stacks.map((stack) => stack.path)).toEqual(['App-test', 'App-test/Area']);
    const functions = resourcesOfType(assembly, 'AWS::Lambda::Function').map((entry) => entry.logicalId);
    expect(functions.sort()).toEqual(['Reader', 'Worker']);
  });

  it('resolves a nested function’s environment through the parameters its parent passes', () => {
    const worker = resourcesOfType(assembly, 'AWS::Lambda::Function').find((entry) => entry.logicalId === 'Worker')!;
    expect(resolver.resolve(worker.stack, worker.resource.Properties!.Environment)).toEqual({
      Variables: { ORDERS_TABLE: 'App-test-Orders' },
    });
    const policy = resourcesOfType(assembly, 'AWS::IAM::Policy')[0]!;
    expect(resolver.resolve(policy.stack, policy.resource.Properties!.PolicyDocument)).toEqual({
      Statement: [
        {
          Effect: 'Allow',
          Action: 'dynamodb:GetItem',
          Resource: 'arn:aws:dynamodb:ap-southeast-2:000000000000:table/App-test-Orders/index/*',
        },
      ],
    });
  });

  it('lets the parent read a nested output, and evaluates Sub, Select, Split, Join and dynamic references', () => {
    const reader = resourcesOfType(assembly, 'AWS::Lambda::Function').find((entry) => entry.logicalId === 'Reader')!;
    const { Variables } = resolver.resolve(reader.stack, reader.resource.Properties!.Environment) as {
      Variables: Record<string, string>;
    };
    const keyArn = 'arn:aws:secretsmanager:ap-southeast-2:000000000000:secret:paylink/test/stripe-secret-key-abcdef';
    expect(Variables).toEqual({
      WORKER_ARN: 'arn:aws:lambda:ap-southeast-2:000000000000:function:worker',
      KEY_ARN: keyArn,
      HOST: 'example.test',
      GREETING: 'kia ora from ap-southeast-2, ${Literal}',
      HEADER: `{{resolve:secretsmanager:${keyArn}:SecretString:::}}`,
    });
    expect(resolveDynamicReferences(Variables.HEADER!, (id) => (id === keyArn ? 'the value' : undefined))).toBe(
      'the value',
    );
  });
});
