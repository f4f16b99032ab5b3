/**
 * cdk-nag reports each wildcard resource of a policy as its own finding, named after the resource as it
 * appears in the template (`AwsSolutions-IAM5[Resource::<MerchantsTable1234.Arn>/index/*]`), and v3 only
 * accepts acknowledgements of that exact id. This computes the id from the same ARN expression the grant
 * used, with cdk-nag's own flattening, so an acknowledgement names one finding and nothing broader.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

export function wildcardResourceFindingId(scope: IConstruct, resourceArn: string): string {
  const resolved: unknown = Stack.of(scope).resolve(resourceArn);
  return `AwsSolutions-IAM5[Resource::${flattenCfnReference(resolved)}]`;
}

export function wildcardActionFindingId(action: string): string {
  return `AwsSolutions-IAM5[Action::${action}]`;
}

/**
 * Acknowledges the wildcard finding of a grant on `resourceArn` made in `scope`'s stack. When the ARN belongs to
 * another stack (a table of the app stack, granted in an area's nested stack), the template names it by the
 * parameter CDK adds for it, and CDK adds that parameter only as it synthesizes: so the id is worked out then
 * (a construct's validation runs after the references are resolved, before cdk-nag reads the tree).
 */
export function acknowledgeWildcardResource(scope: IConstruct, resourceArn: string, reason: string) {
  let acknowledged = false;
  scope.node.addValidation({
    validate: () => {
      if (!acknowledged)
        Validations.of(scope).acknowledge({ id: wildcardResourceFindingId(scope, resourceArn), reason });
      acknowledged = true;
      return [];
    },
  });
}
