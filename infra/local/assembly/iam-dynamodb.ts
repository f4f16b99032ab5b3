/**
 * DynamoDB (JSON, `X-Amz-Target: DynamoDB_20120810.<Operation>`) → the IAM checks AWS makes, after the
 * Service Authorization Reference: `dynamodb:<Operation>` on each table the request names, on the index for
 * a Query or Scan with IndexName, and for transactions the action of each item's own kind.
 */
import type { IamCheck } from './iam-evaluate';
import { jsonBody, targetOperation, type ArnScope, type GatedRequest, type RequestAuthorization } from './iam-request';

interface DynamoBody {
  TableName?: string;
  IndexName?: string;
  RequestItems?: Record<string, unknown>;
  TransactItems?: Record<string, { TableName?: string } | undefined>[];
}

/** A transaction item's kind → the action AWS requires for it. */
const TRANSACT_ITEM_ACTIONS: Record<string, string> = {
  ConditionCheck: 'dynamodb:ConditionCheckItem',
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  Get: 'dynamodb:GetItem',
};

/** PartiQL names its tables inside a statement; the gate does not parse it. */
const PARTIQL = new Set(['ExecuteStatement', 'BatchExecuteStatement', 'ExecuteTransaction']);

function tableArn(scope: ArnScope, table: string): string {
  // DynamoDB takes a table's ARN wherever it takes its name.
  return table.startsWith('arn:') ? table : `arn:aws:dynamodb:${scope.region}:${scope.accountId}:table/${table}`;
}

export function dynamodbAuthorization(request: GatedRequest, scope: ArnScope): RequestAuthorization {
  const operation = targetOperation(request, 'DynamoDB_20120810');
  const body = jsonBody<DynamoBody>(request);
  if (!operation || !body) return { kind: 'unreadable', why: 'not a DynamoDB JSON request' };
  if (PARTIQL.has(operation)) return { kind: 'unreadable', why: `PartiQL (${operation}) is not judged locally` };
  const action = `dynamodb:${operation}`;

  if (operation === 'BatchGetItem' || operation === 'BatchWriteItem') {
    const tables = Object.keys(body.RequestItems ?? {});
    return { kind: 'checks', checks: tables.map((table) => ({ action, resource: tableArn(scope, table) })) };
  }
  if (operation === 'TransactGetItems' || operation === 'TransactWriteItems') {
    const checks: IamCheck[] = (body.TransactItems ?? []).flatMap((item) =>
      Object.entries(item).flatMap(([kind, detail]) => {
        const itemAction = TRANSACT_ITEM_ACTIONS[kind];
        return itemAction && detail?.TableName
          ? [{ action: itemAction, resource: tableArn(scope, detail.TableName) }]
          : [];
      }),
    );
    return { kind: 'checks', checks };
  }
  if (!body.TableName) return { kind: 'checks', checks: [{ action, resource: '*' }] };
  const table = tableArn(scope, body.TableName);
  const onIndex = (operation === 'Query' || operation === 'Scan') && body.IndexName;
  return { kind: 'checks', checks: [{ action, resource: onIndex ? `${table}/index/${body.IndexName}` : table }] };
}
