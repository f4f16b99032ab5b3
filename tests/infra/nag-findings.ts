/**
 * cdk-nag 3 reports through CDK's validation plugins, not annotations, so Annotations.fromStack sees
 * nothing. Running the pack over the synthesized tree gives the same findings `cdk synth` fails on,
 * with acknowledgements already applied.
 */
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/** One line per finding (`error AwsSolutions-IAM5[…] at Stack/Path`), so a failing test reads like `cdk synth`. */
export function unacknowledgedAwsSolutionsFindings(scope: IConstruct): string[] {
  const report = new AwsSolutionsChecks().validateScope(scope);
  return report.violations.flatMap((violation) =>
    violation.violatingResources.map(
      (resource) =>
        `${violation.severity ?? 'error'} ${violation.ruleName} at ${resource.constructPath ?? resource.resourceLogicalId}`,
    ),
  );
}

export interface Acknowledgement {
  path: string;
  id: string;
  reason: string;
}

/** Every acknowledgement recorded in the tree, to hold each one to having a real reason. */
export function acknowledgementsIn(scope: IConstruct): Acknowledgement[] {
  return scope.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({
          path: construct.node.path,
          id: id.replace(/^annotation::/i, ''),
          reason,
        })),
      ),
  );
}
