/**
 * cdk-nag reports each wildcard resource of a policy as its own finding, named after the resource as it
 * appears in the template (`AwsSolutions-IAM5[Resource::<MerchantsTable1234.Arn>/index/*]`), and v3 only
 * accepts acknowledgements of that exact id. This computes the id from the same ARN expression the grant
 * used, with cdk-nag's own flattening, so an acknowledgement names one finding and nothing broader.
 */
import { Stack } from 'aws-cdk-lib';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

export function wildcardResourceFindingId(scope: IConstruct, resourceArn: string): string {
  const resolved: unknown = Stack.of(scope).resolve(resourceArn);
  return `AwsSolutions-IAM5[Resource::${flattenCfnReference(resolved)}]`;
}

export function wildcardActionFindingId(action: string): string {
  return `AwsSolutions-IAM5[Action::${action}]`;
}
