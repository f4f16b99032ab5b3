/**
 * Synthesizes PaylinkStack the way infra/app.ts does (settings from context), minus asset bundling:
 * `aws:cdk:bundling-stacks: []` skips esbuild and the Vite build, which the template does not need.
 * Synthesis is the slow part, so each test file calls this once, in beforeAll.
 *
 * The app stack has nested stacks (each catalogue area's functions, the monitoring), and a reference across
 * them is a parameter or an output in the template. `resources` gathers every stack's resources into one map
 * with those references followed, so a test reads a function's `{ Ref: <table> }` or a route's
 * `{ Fn::GetAtt: [<function>, Arn] }` as it would in one template; `templates` keeps each stack's own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, NestedStack, Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import type { FunctionSpec } from '@functions/function-spec';
import { deploymentSettingsFromContext } from '@infra/deployment-settings';
import type { EdgeAlarmsStack } from '@infra/edge-alarms-stack';
import type { EdgeFirewallStack } from '@infra/edge-firewall-stack';
import { addPaylinkStacks } from '@infra/paylink-stacks';
import type { PaylinkStack } from '@infra/stack';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface CfnResourceJson {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  DependsOn?: string | string[];
}

interface TemplateJson {
  Parameters?: Record<string, unknown>;
  Resources: Record<string, CfnResourceJson>;
  Outputs?: Record<string, { Value: unknown }>;
}

/** One stack's own template: the app stack's or a nested stack's. */
export interface StackTemplate {
  /** The stack's construct path (`Paylink-dev`, `Paylink-dev/PaymentsFunctions`, `Paylink-dev/Monitoring/Stack`). */
  name: string;
  stack: Stack;
  resources: Record<string, CfnResourceJson>;
  parameters: Record<string, unknown>;
  outputs: Record<string, { Value: unknown }>;
}

export interface SynthesizedPaylink {
  stack: PaylinkStack;
  /** The us-east-1 stack with the CloudFront web ACL. */
  edge: EdgeFirewallStack;
  /** The us-east-1 stack with CloudFront's alarm and its topic. */
  edgeAlarms: EdgeAlarmsStack;
  /** The app stack's own template. */
  template: Template;
  /** Every resource of the app stack and its nested stacks, references across them followed (above). */
  resources: Record<string, CfnResourceJson>;
  /** The app stack first, then each nested stack. */
  templates: StackTemplate[];
  outputs: Record<string, { Value: unknown }>;
  /** Where the cloud assembly (templates, staged assets) was written. */
  assemblyDirectory: string;
}

/** cdk.json's context (feature flags), which the CDK CLI gives the app: tests synthesize what deploys. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

export function synthesizePaylink(
  options: { context?: Record<string, unknown>; functions?: readonly FunctionSpec[] } = {},
): SynthesizedPaylink {
  const app = new App({ context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], ...options.context } });
  const settings = deploymentSettingsFromContext(app.node);
  const { stack, edge, edgeAlarms } = addPaylinkStacks(app, settings, { functions: options.functions });
  const template = Template.fromStack(stack);
  const json = template.toJSON() as TemplateJson;
  const templates = stackTemplates(stack, json);
  return {
    stack,
    edge,
    edgeAlarms,
    template,
    resources: followingNestedReferences(templates),
    templates,
    outputs: json.Outputs ?? {},
    assemblyDirectory: app.outdir,
  };
}

function stackTemplates(stack: Stack, json: TemplateJson): StackTemplate[] {
  const own: StackTemplate = {
    name: stack.node.path,
    stack,
    resources: json.Resources,
    parameters: json.Parameters ?? {},
    outputs: json.Outputs ?? {},
  };
  const nested = stack.node
    .findAll()
    .filter((construct): construct is NestedStack => NestedStack.isNestedStack(construct))
    .filter((candidate) => candidate.nestedStackParent === stack);
  return [own, ...nested.flatMap((child) => stackTemplates(child, Template.fromStack(child).toJSON() as TemplateJson))];
}

/** Replaces every `{ Ref: <key> }` whose key is in `values` by its value, everywhere in the expression. */
function substituteRefs(value: unknown, values: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => substituteRefs(item, values));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if (Object.keys(record).length === 1 && typeof record.Ref === 'string' && record.Ref in values) {
    return values[record.Ref];
  }
  return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, substituteRefs(inner, values)]));
}

/** Replaces every `{ Fn::GetAtt: [<nested stack>, Outputs.<name>] }` by that output's value. */
function substituteOutputs(value: unknown, outputs: Map<string, Record<string, unknown>>): unknown {
  if (Array.isArray(value)) return value.map((item) => substituteOutputs(item, outputs));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const getAtt = record['Fn::GetAtt'];
  if (Object.keys(record).length === 1 && Array.isArray(getAtt) && typeof getAtt[0] === 'string') {
    const [resourceId, attribute] = getAtt as [string, unknown];
    const output = typeof attribute === 'string' ? /^Outputs\.(.+)$/.exec(attribute)?.[1] : undefined;
    const values = outputs.get(resourceId);
    if (output && values) {
      if (!(output in values)) throw new Error(`${resourceId} has no output ${output}`);
      return values[output];
    }
  }
  return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, substituteOutputs(inner, outputs)]));
}

/**
 * One map of every stack's resources. A nested stack's parameter becomes the value its parent passes, and a
 * parent's read of a nested stack's output becomes that output's value, until no reference across stacks is
 * left (a parameter may be fed by a sibling's output). Logical ids are unique across the stacks (CDK derives
 * them from construct paths); a clash fails here rather than hiding a resource.
 */
function followingNestedReferences(templates: StackTemplate[]): Record<string, CfnResourceJson> {
  const byStack = new Map(templates.map((template) => [template.stack, template]));
  // Each nested stack's parameters and outputs, in its parent's terms.
  const outputsByResource = new Map<string, Record<string, unknown>>();
  const merged: Record<string, CfnResourceJson> = {};
  const inParentTerms = new Map<Stack, (value: unknown) => unknown>();
  for (const template of templates) {
    const nested = NestedStack.isNestedStack(template.stack) ? template.stack : undefined;
    let toParent: (value: unknown) => unknown = (value) => value;
    if (nested) {
      const parent = byStack.get(nested.nestedStackParent!)!;
      const resourceId = logicalIdOf(nested.nestedStackResource!);
      const given = (parent.resources[resourceId]?.Properties?.Parameters ?? {}) as Record<string, unknown>;
      const declared = Object.keys(template.parameters).sort();
      if (JSON.stringify(Object.keys(given).sort()) !== JSON.stringify(declared)) {
        throw new Error(`${template.name}: its parent passes other parameters than it declares`);
      }
      const parentTerms = inParentTerms.get(parent.stack)!;
      toParent = (value) => parentTerms(substituteRefs(value, given));
      outputsByResource.set(
        resourceId,
        Object.fromEntries(Object.entries(template.outputs).map(([name, output]) => [name, toParent(output.Value)])),
      );
    }
    inParentTerms.set(template.stack, toParent);
    for (const [id, resource] of Object.entries(template.resources)) {
      if (id in merged) throw new Error(`${template.name}: logical id ${id} is also another stack's`);
      merged[id] = toParent(resource) as CfnResourceJson;
    }
  }
  let current: unknown = merged;
  for (let pass = 0; pass < templates.length; pass += 1) {
    const next = substituteOutputs(current, outputsByResource);
    if (JSON.stringify(next) === JSON.stringify(current)) break;
    current = next;
  }
  return current as Record<string, CfnResourceJson>;
}

/** The template logical id of a construct's main CloudFormation resource. */
export function logicalIdOf(construct: IConstruct): string {
  const element = (construct.node.defaultChild ?? construct) as CfnElement;
  return Stack.of(element).resolve(element.logicalId) as string;
}

/** Every resource logical id an intrinsic expression refers to (Ref, GetAtt, Sub), pseudo parameters aside. */
export function referencedLogicalIds(value: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (typeof record.Ref === 'string' && !record.Ref.startsWith('AWS::')) found.add(record.Ref);
    const getAtt = record['Fn::GetAtt'];
    if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') found.add(getAtt[0]);
    const sub = record['Fn::Sub'];
    const subTemplate = Array.isArray(sub) ? sub[0] : sub;
    if (typeof subTemplate === 'string') {
      for (const match of subTemplate.matchAll(/\$\{([^}.!]+)[^}]*\}/g)) {
        if (match[1] && !match[1].startsWith('AWS::')) found.add(match[1]);
      }
    }
    Object.values(record).forEach(visit);
  };
  visit(value);
  return found;
}

/** True when the expression refers to the given resource. */
export function refersTo(value: unknown, logicalId: string): boolean {
  return referencedLogicalIds(value).has(logicalId);
}

export function resourcesOfType(resources: Record<string, CfnResourceJson>, type: string): [string, CfnResourceJson][] {
  return Object.entries(resources).filter(([, resource]) => resource.Type === type);
}
