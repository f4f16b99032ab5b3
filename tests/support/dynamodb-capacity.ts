/**
 * The DynamoDB request units the functions consume, asked of the database itself: a middleware on the
 * process's shared document client (the one every handler of the in-process runtime uses) adds
 * `ReturnConsumedCapacity: 'TOTAL'` to each request and adds up the `ConsumedCapacity` the answer carries.
 * dynalite answers it as DynamoDB does for the table — ceil(item KB / 4) per strongly consistent read,
 * half that eventually consistent, ceil(item KB) per write (the larger of the old and new item) — so the
 * units are measured, not assumed.
 *
 * What dynalite leaves out, and this counts by DynamoDB's rules instead: a write whose condition fails
 * answers no ConsumedCapacity, yet DynamoDB bills it (1 WRU counted here, the least it costs); and a write
 * also consumes units on each global secondary index it changes, which dynalite does not report (so WRU
 * here is the table's, a floor for tables with indexes).
 */
import { documentClient } from '@functions/adapters/dynamo';

/** The commands that take ReturnConsumedCapacity. */
const METERED = new Set([
  'GetItemCommand',
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetCommand',
  'BatchWriteCommand',
  'TransactGetCommand',
  'TransactWriteCommand',
  'BatchGetItemCommand',
  'BatchWriteItemCommand',
  'TransactGetItemsCommand',
  'TransactWriteItemsCommand',
]);
const READS = /^(Get|Query|Scan|BatchGet|TransactGet)/;

export interface CapacityReading {
  /** Read request units. */
  rru: number;
  /** Write request units (the tables', see above). */
  wru: number;
  /** Requests sent, by SDK command. */
  calls: Record<string, number>;
  /** Writes refused by their condition (each counted as 1 WRU). */
  conditionalFailures: number;
}

export interface CapacityMeter {
  read(): CapacityReading;
}

let meters = 0;

/** Adds the meter; call it once the runtime has booted (the shared client takes its endpoint from it). */
export function meterDynamoCapacity(): CapacityMeter {
  const totals: CapacityReading = { rru: 0, wru: 0, calls: {}, conditionalFailures: 0 };
  meters += 1;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? 'unknown';
      totals.calls[command] = (totals.calls[command] ?? 0) + 1;
      const isRead = READS.test(command);
      if (!METERED.has(command)) return next(args);
      try {
        // A copy: the caller's command input stays as the handler wrote it.
        const result = await next({ ...args, input: { ...(args.input as object), ReturnConsumedCapacity: 'TOTAL' } });
        const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
        const units = [consumed ?? []]
          .flat()
          .reduce<number>((sum, entry) => sum + ((entry as { CapacityUnits?: number }).CapacityUnits ?? 0), 0);
        if (isRead) totals.rru += units;
        else totals.wru += units;
        return result;
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') {
          totals.conditionalFailures += 1;
          totals.wru += 1;
        }
        throw error;
      }
    },
    { step: 'initialize', name: `meterDynamoCapacity${meters}` },
  );
  return {
    read: () => ({ ...totals, calls: { ...totals.calls } }),
  };
}

/** `after` less `before`. */
export function capacityBetween(after: CapacityReading, before: CapacityReading): CapacityReading {
  const calls: Record<string, number> = {};
  for (const [command, count] of Object.entries(after.calls)) {
    const added = count - (before.calls[command] ?? 0);
    if (added > 0) calls[command] = added;
  }
  return {
    rru: after.rru - before.rru,
    wru: after.wru - before.wru,
    calls,
    conditionalFailures: after.conditionalFailures - before.conditionalFailures,
  };
}
