/**
 * What each resource of the assembly is called on this machine: the value of its `Ref` and of its
 * `Fn::GetAtt` attributes, named consistently with the local services (a table's name is dynalite's table,
 * a secret's ARN is the local Secrets Manager's, the user pool's id is cognito-local's), in ONE local
 * account and the runtime's region. ARNs keep AWS's shapes, so a role's policy resolved here names exactly
 * what the IAM gate sees a function touch.
 *
 * URLs keep the cloud's shapes too (`https://<api>.execute-api.<region>.amazonaws.com/prod`); the runtime
 * rewrites the ones a function is given into the local gateway's (cloudUrlRewrites).
 */
import { SERVER_APP_CLIENT_NAME } from '@functions/environment';
import type { AssemblyResource, AssemblyStack, CloudAssembly } from './cloud-assembly';
import { UnresolvableIntrinsic, resolveIntrinsics, type IntrinsicScope } from './intrinsics';

export const LOCAL_ACCOUNT_ID = '000000000000';

export interface LocalIdentities {
  region: string;
  accountId: string;
  /** cognito-local's, once it has started (the resolver is used before and after). */
  userPoolId(): string;
  userPoolClientId(): string;
  userPoolServerClientId(): string;
  /** The local Secrets Manager's ARN for a secret's name. */
  secretArn(name: string): string;
}

export interface AssemblyResolver {
  /** Resolves a template value in the scope of a stack. */
  resolve(stack: AssemblyStack, value: unknown): unknown;
  /** The local `Ref` of a resource. */
  refOf(entry: AssemblyResource): unknown;
  /** The local value of `Fn::GetAtt [resource, attribute]`. */
  attributeOf(entry: AssemblyResource, attribute: string): unknown;
  /** The resource a `Ref` or `Fn::GetAtt` in `stack` names, if it is one of that stack's. */
  find(stack: AssemblyStack, logicalId: string): AssemblyResource | undefined;
  /** The resource an ARN or name resolved from a template denotes (the function a target's ARN names). */
  resourceWithArn(arn: unknown, type: string): AssemblyResource | undefined;
}

/** A resource's own name property, else the name CloudFormation would generate (minus its random tail). */
function physicalName(entry: AssemblyResource, property: string | undefined, resolve: (value: unknown) => unknown) {
  const named = property ? entry.resource.Properties?.[property] : undefined;
  if (named !== undefined) return String(resolve(named));
  return `${entry.stack.path.replaceAll('/', '-')}-${entry.logicalId}`;
}

const NAME_PROPERTIES: Record<string, string> = {
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::Events::EventBus': 'Name',
  'AWS::Events::Rule': 'Name',
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::SNS::Topic': 'TopicName',
  'AWS::Logs::LogGroup': 'LogGroupName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::SecretsManager::Secret': 'Name',
  'AWS::ApiGatewayV2::Stage': 'StageName',
  'AWS::Scheduler::Schedule': 'Name',
  // Its Ref is its name: the functions' grant names it so, and the mailer sends with that name (#201).
  'AWS::SES::ConfigurationSet': 'Name',
};

/** A local id for an API: lower-case letters and digits from its logical id, as API Gateway's ten. */
export function localApiId(logicalId: string): string {
  return logicalId
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 10);
}

export function createAssemblyResolver(assembly: CloudAssembly, ids: LocalIdentities): AssemblyResolver {
  const { region, accountId } = ids;
  const byStack = new Map<AssemblyStack, Map<string, AssemblyResource>>();
  for (const entry of assembly.resources) {
    let resources = byStack.get(entry.stack);
    if (!resources) byStack.set(entry.stack, (resources = new Map()));
    resources.set(entry.logicalId, entry);
  }
  const find = (stack: AssemblyStack, logicalId: string) => byStack.get(stack)?.get(logicalId);

  function scopeOf(stack: AssemblyStack): IntrinsicScope {
    const template = stack.template;
    const scope: IntrinsicScope = {
      ref(name) {
        switch (name) {
          case 'AWS::Region':
            return region;
          case 'AWS::AccountId':
            return accountId;
          case 'AWS::Partition':
            return 'aws';
          case 'AWS::URLSuffix':
            return 'amazonaws.com';
          case 'AWS::StackName':
            return stack.path.replaceAll('/', '-');
          case 'AWS::StackId':
            return `arn:aws:cloudformation:${region}:${accountId}:stack/${stack.path.replaceAll('/', '-')}/local`;
          case 'AWS::NotificationARNs':
            return [];
        }
        const parameter = template.Parameters?.[name];
        if (parameter) {
          const passed = stack.parent
            ? find(stack.parent.stack, stack.parent.logicalId)?.resource.Properties?.Parameters
            : undefined;
          const given = (passed as Record<string, unknown> | undefined)?.[name];
          if (given !== undefined && stack.parent) return resolve(stack.parent.stack, given);
          if (parameter.Default !== undefined) return parameter.Default;
          throw new UnresolvableIntrinsic(`Parameter ${name} of ${stack.path} has no value`);
        }
        const entry = find(stack, name);
        if (!entry) throw new UnresolvableIntrinsic(`Ref ${name}: no such resource in ${stack.path}`);
        return refOf(entry);
      },
      getAtt(logicalId, attribute) {
        const entry = find(stack, logicalId);
        if (!entry) throw new UnresolvableIntrinsic(`Fn::GetAtt ${logicalId}: no such resource in ${stack.path}`);
        return attributeOf(entry, attribute);
      },
      importValue(name) {
        for (const candidate of assembly.stacks) {
          for (const output of Object.values(candidate.template.Outputs ?? {})) {
            if (output.Export && resolve(candidate, output.Export.Name) === name)
              return resolve(candidate, output.Value);
          }
        }
        throw new UnresolvableIntrinsic(`Fn::ImportValue ${name}: no stack of the assembly exports it`);
      },
      condition(name) {
        const condition = template.Conditions?.[name];
        if (condition === undefined) throw new UnresolvableIntrinsic(`No condition ${name} in ${stack.path}`);
        return Boolean(resolve(stack, condition));
      },
      findInMap(map, topKey, secondKey) {
        const value = template.Mappings?.[map]?.[topKey]?.[secondKey];
        if (value === undefined)
          throw new UnresolvableIntrinsic(`Fn::FindInMap ${map}.${topKey}.${secondKey}: not found`);
        return value;
      },
    };
    return scope;
  }

  const scopes = new Map<AssemblyStack, IntrinsicScope>();
  function resolve(stack: AssemblyStack, value: unknown): unknown {
    let scope = scopes.get(stack);
    if (!scope) scopes.set(stack, (scope = scopeOf(stack)));
    return resolveIntrinsics(value, scope);
  }

  const nameOf = (entry: AssemblyResource) =>
    physicalName(entry, NAME_PROPERTIES[entry.resource.Type], (value) => resolve(entry.stack, value));
  const arn = (service: string, resource: string, inRegion = region) =>
    `arn:aws:${service}:${inRegion}:${accountId}:${resource}`;

  function refOf(entry: AssemblyResource): unknown {
    const type = entry.resource.Type;
    switch (type) {
      case 'AWS::SecretsManager::Secret':
        return ids.secretArn(nameOf(entry));
      case 'AWS::Cognito::UserPool':
        return ids.userPoolId();
      case 'AWS::Cognito::UserPoolClient':
        // Two clients: the browser's and the server-only one (docs/decisions.md #259), told apart by name.
        return entry.resource.Properties?.ClientName === SERVER_APP_CLIENT_NAME
          ? ids.userPoolServerClientId()
          : ids.userPoolClientId();
      case 'AWS::ApiGatewayV2::Api':
        return localApiId(entry.logicalId);
      case 'AWS::SQS::Queue':
        return `https://sqs.${region}.amazonaws.com/${accountId}/${nameOf(entry)}`;
      case 'AWS::SNS::Topic':
        return arn('sns', nameOf(entry));
      case 'AWS::CloudFormation::Stack':
        return arn('cloudformation', `stack/${nameOf(entry)}/local`);
      case 'AWS::SES::EmailIdentity':
        return String(resolve(entry.stack, entry.resource.Properties?.EmailIdentity));
      default:
        return NAME_PROPERTIES[type] ? nameOf(entry) : entry.logicalId;
    }
  }

  function attributeOf(entry: AssemblyResource, attribute: string): unknown {
    const type = entry.resource.Type;
    const name = () => nameOf(entry);
    if (type === 'AWS::CloudFormation::Stack' && attribute.startsWith('Outputs.')) {
      const child = entry.stack.children.get(entry.logicalId)!;
      const output = child.template.Outputs?.[attribute.slice('Outputs.'.length)];
      if (!output) throw new UnresolvableIntrinsic(`${child.path} has no output ${attribute}`);
      return resolve(child, output.Value);
    }
    const arns: Record<string, () => string> = {
      'AWS::DynamoDB::Table': () => arn('dynamodb', `table/${name()}`),
      'AWS::Events::EventBus': () => arn('events', `event-bus/${name()}`),
      'AWS::Events::Rule': () => arn('events', `rule/${name()}`),
      'AWS::Lambda::Function': () => arn('lambda', `function:${name()}`),
      'AWS::IAM::Role': () => `arn:aws:iam::${accountId}:role/${name()}`,
      'AWS::SQS::Queue': () => arn('sqs', name()),
      'AWS::SNS::Topic': () => arn('sns', name()),
      'AWS::Logs::LogGroup': () => arn('logs', `log-group:${name()}:*`),
      'AWS::S3::Bucket': () => `arn:aws:s3:::${name().toLowerCase()}`,
      'AWS::Cognito::UserPool': () => arn('cognito-idp', `userpool/${ids.userPoolId()}`),
      'AWS::SecretsManager::Secret': () => ids.secretArn(name()),
      'AWS::KMS::Key': () => arn('kms', `key/${entry.logicalId}`),
      'AWS::Scheduler::Schedule': () => arn('scheduler', `schedule/default/${name()}`),
    };
    switch (attribute) {
      case 'Arn':
      case 'TopicArn':
        if (arns[type]) return arns[type]();
        break;
      case 'StreamArn':
        return `${attributeOf(entry, 'Arn')}/stream/local`;
      case 'Name':
      case 'QueueName':
      case 'TopicName':
        return name();
      case 'QueueUrl':
        return refOf(entry);
      case 'ApiEndpoint': {
        const protocol = entry.resource.Properties?.ProtocolType === 'WEBSOCKET' ? 'wss' : 'https';
        return `${protocol}://${localApiId(entry.logicalId)}.execute-api.${region}.amazonaws.com`;
      }
      case 'ApiId':
        return localApiId(entry.logicalId);
      case 'DomainName':
        if (type === 'AWS::CloudFront::Distribution') return `${localApiId(entry.logicalId)}.cloudfront.net`;
        break;
      case 'ProviderName':
        return `cognito-idp.${region}.amazonaws.com/${ids.userPoolId()}`;
      case 'ProviderURL':
        return `https://cognito-idp.${region}.amazonaws.com/${ids.userPoolId()}`;
      case 'RegionalDomainName':
        return `${name().toLowerCase()}.s3.${region}.amazonaws.com`;
      case 'RoleId':
        return `AROA${entry.logicalId.toUpperCase()}`;
    }
    // Attributes nothing local reads (a custom resource's, a CloudFront function's): a recognisable placeholder.
    return `local:${entry.logicalId}.${attribute}`;
  }

  function resourceWithArn(value: unknown, type: string): AssemblyResource | undefined {
    return assembly.resources.find(
      (entry) => entry.resource.Type === type && (attributeOf(entry, 'Arn') === value || refOf(entry) === value),
    );
  }

  return { resolve, refOf, attributeOf, find, resourceWithArn };
}
