/**
 * Synthesizes PaylinkStack the way infra/app.ts does (settings from context), minus asset bundling:
 * `aws:cdk:bundling-stacks: []` skips esbuild and the Vite build, which the template does not need.
 * Synthesis is the slow part, so each test file calls this once, in beforeAll.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
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

export interface SynthesizedPaylink {
  stack: PaylinkStack;
  /** The us-east-1 stack with the CloudFront web ACL. */
  edge: EdgeFirewallStack;
  /** The us-east-1 stack with CloudFront's alarm and its topic. */
  edgeAlarms: EdgeAlarmsStack;
  template: Template;
  resources: Record<string, CfnResourceJson>;
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
  const json = template.toJSON() as {
    Resources: Record<string, CfnResourceJson>;
    Outputs: Record<string, { Value: unknown }>;
  };
  return {
    stack,
    edge,
    edgeAlarms,
    template,
    resources: json.Resources,
    outputs: json.Outputs,
    assemblyDirectory: app.outdir,
  };
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
