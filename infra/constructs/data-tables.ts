/** Every DynamoDB table of infra/tables.ts, created the same way: on demand, with PITR and the spec's TTL. */
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, type Attribute } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_IDS, type TableId } from '@functions/function-spec';
import { tables as tableSpecs, type KeySpec } from '../tables';

export interface DataTablesProps {
  /** Deletion protection and RETAIN: a production table outlives its stack. */
  isProduction: boolean;
}

function attribute(key: KeySpec['partitionKey']): Attribute {
  return { name: key.name, type: key.type === 'N' ? AttributeType.NUMBER : AttributeType.STRING };
}

/** PascalCase construct id from a table id, so logical ids read as `MerchantsTable…`. */
function constructIdOf(table: TableId): string {
  return `${table.charAt(0).toUpperCase()}${table.slice(1)}`;
}

export class DataTables extends Construct {
  readonly byId: ReadonlyMap<TableId, Table>;

  constructor(scope: Construct, id: string, props: DataTablesProps) {
    super(scope, id);
    const byId = new Map<TableId, Table>();
    for (const tableId of TABLE_IDS) {
      const spec = tableSpecs[tableId];
      const table = new Table(this, constructIdOf(tableId), {
        partitionKey: attribute(spec.partitionKey),
        sortKey: spec.sortKey && attribute(spec.sortKey),
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        timeToLiveAttribute: spec.ttlAttribute,
        deletionProtection: props.isProduction,
        // Outside production a stack is disposable; `cdk destroy` should leave nothing behind.
        removalPolicy: props.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      for (const index of spec.indexes ?? []) {
        table.addGlobalSecondaryIndex({
          indexName: index.name,
          partitionKey: attribute(index.partitionKey),
          sortKey: index.sortKey && attribute(index.sortKey),
          ...(index.include
            ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.include] }
            : { projectionType: ProjectionType.ALL }),
        });
      }
      byId.set(tableId, table);
    }
    this.byId = byId;
  }

  get(tableId: TableId): Table {
    const table = this.byId.get(tableId);
    if (!table) throw new Error(`No table "${tableId}" in infra/tables.ts`);
    return table;
  }
}
