/**
 * The template's own services as this machine runs them: its region, its tables as dynalite tables, its
 * secrets with local values, and the AWS SDK the bundles leave to Lambda's runtime.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { SECRET_IDS, type SecretId } from '@functions/function-spec';
import { resourcesOfType, type CloudAssembly } from './cloud-assembly';
import type { AssemblyResolver } from './local-resources';
import type { LocalSecret } from './secrets-manager';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** The region the app stack was synthesized for (manifest.json's `aws://<account>/<region>`). */
export function stackRegion(directory: string, stackName: string): string | undefined {
  const manifestFile = path.join(directory, 'manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    artifacts?: Record<string, { environment?: string }>;
  };
  const region = manifest.artifacts?.[stackName]?.environment?.split('/').at(-1);
  return region && region !== 'unknown-region' ? region : undefined;
}

/**
 * The bundles leave `@aws-sdk/*` to the Lambda runtime. An assembly inside the repository finds the
 * repository's node_modules by Node's usual walk up; one elsewhere gets a link to them.
 */
export function ensureAwsSdkResolves(assembly: CloudAssembly, log: (line: string) => void) {
  const probe = () => {
    try {
      createRequire(path.join(assembly.directory, 'probe.js')).resolve('@aws-sdk/client-dynamodb');
      return true;
    } catch {
      return false;
    }
  };
  if (probe()) return;
  const link = path.join(assembly.directory, 'node_modules');
  if (!existsSync(link)) symlinkSync(path.join(REPO_ROOT, 'node_modules'), link, 'dir');
  log(`@aws-sdk/* (left out of the bundles, as Lambda provides it): linked ${link} to the repository's node_modules`);
}

/** The template's tables as CreateTable inputs (key schema, attributes, indexes) under their local names. */
export function tableInputs(assembly: CloudAssembly, resolver: AssemblyResolver) {
  return resourcesOfType(assembly, 'AWS::DynamoDB::Table').map((entry) => {
    const properties = resolver.resolve(entry.stack, entry.resource.Properties) as Record<string, unknown>;
    const indexes = (list: unknown) =>
      (list as { IndexName: string; KeySchema: unknown; Projection: unknown }[] | undefined)?.map(
        ({ IndexName, KeySchema, Projection }) => ({ IndexName, KeySchema, Projection }),
      );
    return {
      TableName: String(resolver.refOf(entry)),
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: properties.KeySchema,
      AttributeDefinitions: properties.AttributeDefinitions,
      GlobalSecondaryIndexes: indexes(properties.GlobalSecondaryIndexes),
      LocalSecondaryIndexes: indexes(properties.LocalSecondaryIndexes),
    } as CreateTableCommandInput;
  });
}

/**
 * The template's secrets with local values: a Paylink secret (`paylink/<stage>/<id>`) takes the value
 * secrets.ts keeps for that id, so the Stripe sandbox signs webhooks with what the functions read; any other
 * (CloudFront's origin secret) a generated value, as its GenerateSecretString would give.
 */
export function templateSecrets(
  assembly: CloudAssembly,
  resolver: AssemblyResolver,
  values: Record<SecretId, string>,
): LocalSecret[] {
  return resourcesOfType(assembly, 'AWS::SecretsManager::Secret').map((entry) => {
    const properties = resolver.resolve(entry.stack, entry.resource.Properties) as {
      Name?: string;
      Description?: string;
    };
    const name = properties.Name ?? `${entry.stack.path}-${entry.logicalId}`;
    const id = name.split('/').at(-1) as SecretId;
    const value = SECRET_IDS.includes(id) ? values[id] : randomBytes(32).toString('hex');
    return { name, value, description: properties.Description };
  });
}

/** The SPA the assembly deploys: the first source of its first bucket deployment, if it holds index.html. */
export function webAppAsset(assembly: CloudAssembly): string | undefined {
  for (const deployment of resourcesOfType(assembly, 'Custom::CDKBucketDeployment')) {
    const keys = (deployment.resource.Properties?.SourceObjectKeys ?? []) as unknown[];
    for (const key of keys) {
      const folder = assembly.assetPath({ Type: 'asset' }, /([0-9a-f]{64})\.zip/.exec(String(key))?.[1]);
      if (folder && existsSync(path.join(folder, 'index.html'))) return folder;
    }
  }
  return undefined;
}
