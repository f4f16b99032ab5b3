/**
 * Each function's IAM role as the template grants it, resolved to the local ARNs: the role's inline
 * `Policies` and every `AWS::IAM::Policy` (in any stack) whose `Roles` name it. These become the IAM gate's
 * principals, one per function, known by the access key the function signs with (its logical id).
 * Managed policies (`ManagedPolicyArns`) have no local text: they are reported, not evaluated.
 */
import type { IamPrincipal, PolicyDocument } from './iam-gate';
import { resourcesOfType, type AssemblyResource, type CloudAssembly } from './cloud-assembly';
import type { AssemblyResolver } from './local-resources';

export interface FunctionRole {
  roleArn: string;
  policyDocuments: PolicyDocument[];
  managedPolicyArns: string[];
}

export function roleOfFunction(
  assembly: CloudAssembly,
  resolver: AssemblyResolver,
  fn: AssemblyResource,
): FunctionRole | undefined {
  const roleArn = resolver.resolve(fn.stack, fn.resource.Properties?.Role);
  const role = resolver.resourceWithArn(roleArn, 'AWS::IAM::Role');
  if (!role) return undefined;
  const roleName = resolver.refOf(role);
  const properties = role.resource.Properties ?? {};
  const inline = (
    (resolver.resolve(role.stack, properties.Policies ?? []) as { PolicyDocument: PolicyDocument }[]) ?? []
  ).map((policy) => policy.PolicyDocument);
  const attached = resourcesOfType(assembly, 'AWS::IAM::Policy')
    .filter((policy) => {
      const roles = resolver.resolve(policy.stack, policy.resource.Properties?.Roles ?? []) as unknown[];
      return roles.includes(roleName);
    })
    .map((policy) => resolver.resolve(policy.stack, policy.resource.Properties?.PolicyDocument) as PolicyDocument);
  const managedPolicyArns = (resolver.resolve(role.stack, properties.ManagedPolicyArns ?? []) as unknown[]).map(String);
  return { roleArn: String(roleArn), policyDocuments: [...inline, ...attached], managedPolicyArns };
}

/**
 * The IAM gate's principals: each function's role, known by the access key the function signs with (its
 * logical id); and, in words, what is not evaluated (a role missing from the template, a managed policy).
 */
export function iamPrincipalsOf(
  assembly: CloudAssembly,
  resolver: AssemblyResolver,
  functions: readonly { logicalId: string; entry: AssemblyResource; spec: { name: string } }[],
): { principals: IamPrincipal[]; notEvaluated: string[] } {
  const principals: IamPrincipal[] = [];
  const notEvaluated: string[] = [];
  for (const fn of functions) {
    const role = roleOfFunction(assembly, resolver, fn.entry);
    if (!role) {
      notEvaluated.push(`function ${fn.spec.name}: its role is not in the template; its calls are refused`);
      continue;
    }
    for (const managed of role.managedPolicyArns) {
      notEvaluated.push(`function ${fn.spec.name}: managed policy ${managed} is not evaluated (no local text)`);
    }
    principals.push({
      accessKeyId: fn.logicalId,
      roleArn: role.roleArn,
      policyDocuments: role.policyDocuments,
      functionName: String(resolver.refOf(fn.entry)),
    });
  }
  return { principals, notEvaluated };
}
