/**
 * What CloudFormation allows a stack — 500 resources, 200 parameters, 200 outputs — checked on every template
 * the app deploys, with room to notice: past a limit here, an area moves into a nested stack of its own (or a
 * big one splits), before a release is the one that cannot deploy (docs/decisions.md #114). CDK refuses a stack
 * of more than 500 resources at synth; the parameter and output limits it leaves to the deploy.
 */
import type { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import type { SynthesizedPaylink } from './synthesize-paylink';

/** The app stack keeps at least 125 of its 500 for what has to live in it (tables, APIs, named resources; docs/decisions.md #251). */
export const APP_STACK_MAX_RESOURCES = 375;
/** A nested stack: an area's functions (~3 to 5 resources each) or the monitoring (two alarms and a widget a function). */
export const NESTED_STACK_MAX_RESOURCES = 300;
/** Of CloudFormation's 200 parameters and 200 outputs, 50 in hand: each function adds two to its area's stack. */
export const MAX_PARAMETERS = 150;
export const MAX_OUTPUTS = 150;

/** What an area's nested stack may hold: nothing with a fixed name or a unique key (docs/runbook.md, "Deploying"). */
const MOVABLE_TYPES = [
  'AWS::Lambda::Function',
  'AWS::IAM::Role',
  'AWS::IAM::Policy',
  'AWS::Lambda::Permission',
  'AWS::Lambda::EventInvokeConfig',
  'AWS::Events::Rule',
];

export function describeStackLimits(synth: () => SynthesizedPaylink) {
  describe('deployable stacks', () => {
    it(`keeps the app stack at ${APP_STACK_MAX_RESOURCES} resources or fewer`, () => {
      const [app] = synth().templates;
      expect(app!.stack).toBe(synth().stack);
      expect(Object.keys(app!.resources).length).toBeLessThanOrEqual(APP_STACK_MAX_RESOURCES);
    });

    it(`keeps each nested stack at ${NESTED_STACK_MAX_RESOURCES} resources or fewer`, () => {
      const nested = synth().templates.slice(1);
      expect(nested.length).toBeGreaterThan(1);
      for (const { name, resources } of nested) {
        expect(Object.keys(resources).length, name).toBeLessThanOrEqual(NESTED_STACK_MAX_RESOURCES);
      }
    });

    it("keeps in the app stack everything with a name of ours or a unique key: areas' stacks hold only what can move", () => {
      const { stack, templates } = synth();
      const functionStacks = new Set<Stack>(stack.functionStacks.values());
      const areaStacks = templates.filter((template) => functionStacks.has(template.stack));
      expect(areaStacks).toHaveLength(stack.functionStacks.size);
      for (const { name, resources } of areaStacks) {
        for (const [id, resource] of Object.entries(resources)) {
          // A log group, queue or route created here while its old self still stood in the app stack would fail
          // the update ("already exists", a route key's 409): CloudFormation deletes the old one last.
          expect(MOVABLE_TYPES, `${name}/${id}`).toContain(resource.Type);
        }
      }
    });

    it(`keeps every template at ${MAX_PARAMETERS} parameters and ${MAX_OUTPUTS} outputs or fewer`, () => {
      for (const { name, parameters, outputs } of synth().templates) {
        expect(Object.keys(parameters).length, `${name}: parameters`).toBeLessThanOrEqual(MAX_PARAMETERS);
        expect(Object.keys(outputs).length, `${name}: outputs`).toBeLessThanOrEqual(MAX_OUTPUTS);
      }
    });
  });
}
