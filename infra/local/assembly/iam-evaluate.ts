/**
 * One IAM decision: may this principal perform this action on this resource, under these condition keys?
 * The judging is @cloud-copilot/iam-simulate's (AGPL-3.0-or-later: a devDependency that runs only in the
 * local runtime on this machine, never in a Lambda or browser bundle); this module only feeds it the
 * principal's identity policies and the request, and words its answer as AWS words a refusal.
 */
import { runSimulation, type Simulation, type StatementExplain } from '@cloud-copilot/iam-simulate';

/** An IAM policy document as a template's `AWS::IAM::Policy` holds it, its intrinsics already resolved. */
export interface PolicyDocument {
  Version?: string;
  Statement: unknown;
}

/** What one request needs: an action on a resource, and the condition keys AWS would put in its context. */
export interface IamCheck {
  action: string;
  resource: string;
  context?: Record<string, string | string[]>;
  /**
   * Keys the service fills with exactly one value for this check, though the Service Authorization Reference
   * (which the evaluator follows) types them as lists: `events:source` and `events:detail-type`, which
   * EventBridge judges entry by entry. A plain `StringEquals` on them is read as AWS reads it there.
   */
  singleValuedKeys?: string[];
  /** Other checks, any one of which allowed is as good as this one (SES's address or domain identity). */
  alternatives?: IamCheck[];
}

export interface IamCaller {
  /** `arn:aws:sts::<account>:assumed-role/<role>/<session>`, as AWS names a Lambda function's caller. */
  principalArn: string;
  roleArn: string;
  policyDocuments: PolicyDocument[];
}

export type IamDecision =
  | { allowed: true }
  | {
      allowed: false;
      /** AWS's sentence: "User: … is not authorized to perform: … on resource: … because …". */
      message: string;
      /** The condition keys whose conditions failed in statements that otherwise allowed the call. */
      failedConditionKeys: string[];
      /** True when no statement allows the action on the resource whatever the conditions (or one denies it). */
      noStatementForResource: boolean;
    };

/** The caller AWS names for a Lambda function's calls: the role's session, named after the function. */
export function assumedRoleArn(roleArn: string, sessionName: string): string {
  const [, , , , account, resource = ''] = roleArn.split(':');
  const roleName = resource.split('/').at(-1);
  return `arn:aws:sts::${account}:assumed-role/${roleName}/${sessionName}`;
}

/** The global condition keys AWS puts in every request a Lambda function's role makes. */
function globalContext(caller: IamCaller, region: string, accountId: string): Record<string, string> {
  const now = new Date();
  return {
    'aws:PrincipalArn': caller.roleArn,
    'aws:PrincipalAccount': accountId,
    'aws:PrincipalType': 'AssumedRole',
    'aws:RequestedRegion': region,
    // The SDK reaches AWS over HTTPS; the local emulators' plain HTTP changes nothing a policy should see.
    'aws:SecureTransport': 'true',
    'aws:CurrentTime': now.toISOString(),
    'aws:EpochTime': String(Math.floor(now.getTime() / 1000)),
  };
}

function refusal(principalArn: string, check: IamCheck, explicit: boolean): string {
  const why = explicit
    ? 'with an explicit deny in an identity-based policy'
    : `because no identity-based policy allows the ${check.action} action`;
  return `User: ${principalArn} is not authorized to perform: ${check.action} on resource: ${check.resource} ${why}`;
}

/** Positive single-value operators: over a one-value set, `ForAnyValue:<operator>` means exactly `<operator>`. */
const POSITIVE_OPERATORS = new Set(['stringequals', 'stringequalsignorecase', 'stringlike', 'arnequals', 'arnlike']);

type Conditions = Record<string, Record<string, unknown>>;

function withSetOperatorFor(keys: readonly string[], condition: Conditions): Conditions {
  const lowerKeys = new Set(keys.map((key) => key.toLowerCase()));
  const rewritten: Conditions = {};
  for (const [operator, entries] of Object.entries(condition)) {
    for (const [key, value] of Object.entries(entries)) {
      const single = POSITIVE_OPERATORS.has(operator.toLowerCase()) && lowerKeys.has(key.toLowerCase());
      const target = single ? `ForAnyValue:${operator}` : operator;
      rewritten[target] = { ...rewritten[target], [key]: value };
    }
  }
  return rewritten;
}

/** The policies as the service judges them for this check (see IamCheck.singleValuedKeys). */
function policiesFor(check: IamCheck, documents: PolicyDocument[]): PolicyDocument[] {
  const keys = check.singleValuedKeys ?? [];
  if (keys.length === 0) return documents;
  return documents.map((document) => {
    const statements = [document.Statement].flat() as Record<string, unknown>[];
    return {
      ...document,
      Statement: statements.map((statement) =>
        statement.Condition
          ? { ...statement, Condition: withSetOperatorFor(keys, statement.Condition as Conditions) }
          : statement,
      ),
    };
  });
}

function failedConditionKeysOf(explain: StatementExplain): string[] {
  const conditions = explain.conditions ?? [];
  return conditions.filter((condition) => !condition.matches).map((condition) => condition.conditionKeyValue);
}

export async function evaluate(
  caller: IamCaller,
  check: IamCheck,
  scope: { region: string; accountId: string },
): Promise<IamDecision> {
  const simulation: Simulation = {
    request: {
      principal: caller.principalArn,
      action: check.action,
      resource: { resource: check.resource, accountId: scope.accountId },
      contextVariables: { ...globalContext(caller, scope.region, scope.accountId), ...check.context },
    },
    identityPolicies: policiesFor(check, caller.policyDocuments).map((policy, index) => ({
      name: `policy-${index + 1}`,
      policy,
    })),
    serviceControlPolicies: [],
    resourceControlPolicies: [],
  };
  const result = await runSimulation(simulation, { simulationMode: 'Strict' });
  if (result.resultType === 'error') {
    // A request the evaluator cannot read (an action it does not know, a resource of no type the action
    // takes, a policy it rejects) is refused: enforcement that cannot judge must not wave the call through.
    const detail = JSON.stringify(result.errors);
    return {
      allowed: false,
      message: `${refusal(caller.principalArn, check, false)} (the local IAM evaluator could not judge it: ${detail})`,
      failedConditionKeys: [],
      noStatementForResource: true,
    };
  }
  if (result.overallResult === 'Allowed') return { allowed: true };
  const explicit = result.overallResult === 'ExplicitlyDenied';
  const analyses = result.resultType === 'single' ? [result.result] : result.results;
  const identity = analyses.map((analysis) => analysis.analysis.identityAnalysis);
  const conditionFailures = identity
    .flatMap((analysis) => analysis?.unmatchedStatements ?? [])
    .filter((statement) => statement.actionMatch && statement.resourceMatch);
  return {
    allowed: false,
    message: refusal(caller.principalArn, check, explicit),
    failedConditionKeys: conditionFailures.flatMap((statement) => failedConditionKeysOf(statement.explain)),
    noStatementForResource: explicit || conditionFailures.length === 0,
  };
}

/**
 * Why the evaluator cannot read a principal's policies (an unresolved intrinsic, an unknown action…), or
 * undefined when it can. Asked with an action every role may be judged on, so only the policies can fail.
 */
export async function unreadablePolicies(caller: IamCaller, scope: { accountId: string }): Promise<string | undefined> {
  const result = await runSimulation(
    {
      request: {
        principal: caller.principalArn,
        action: 'sts:GetCallerIdentity',
        resource: { resource: '*', accountId: scope.accountId },
        contextVariables: {},
      },
      identityPolicies: caller.policyDocuments.map((policy, index) => ({ name: `policy-${index + 1}`, policy })),
      serviceControlPolicies: [],
      resourceControlPolicies: [],
    },
    {},
  );
  return result.resultType === 'error' ? JSON.stringify(result.errors) : undefined;
}
