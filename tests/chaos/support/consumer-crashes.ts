/**
 * Kills a bus consumer right after one of its DynamoDB writes landed, through the local runtime's test seam
 * (infra/local/consumer-invocations.ts). The writes are seen at the process's shared document client (the one
 * every in-process handler uses), so the code under test is unchanged: the kill happens between two of its
 * awaits, as a Lambda timeout or out-of-memory would, and the killed run never continues.
 */
import { documentClient } from '@functions/adapters/dynamo';
import { currentConsumerInvocation, type ConsumerInvocation } from '@infra/local/consumer-invocations';

/** The commands as the client's middleware names them (the document client's Put is PutItemCommand here). */
const WRITE_COMMANDS = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'TransactWriteItemsCommand',
  'BatchWriteItemCommand',
]);

export interface Write {
  command: string;
  table: string;
}

export interface CrashPlan {
  functionName: string;
  detailType: string;
  /** Which landed write of the invocation to kill after: `write` and its 1-based index in the invocation. */
  killAfter(write: Write, index: number): boolean;
  /** Kill only on these delivery attempts (default: the first; the bus's retries then run unharmed). */
  attempts?: number[];
  /** How many invocations to kill before the plan disarms itself (default 1). */
  times?: number;
}

export interface Kill {
  eventId: string;
  attempt: number;
  after: Write;
  index: number;
}

export interface CrashInjector {
  arm(plan: CrashPlan): void;
  disarm(): void;
  /** Every kill so far. */
  readonly kills: readonly Kill[];
  /** The writes of every invocation of `functionName` so far, in order (to learn the kill points). */
  writesOf(functionName: string): Write[][];
}

let installed: CrashInjector | undefined;

/** Installs the injector once per process (call after the runtime booted: the client reads its endpoint then). */
export function crashInjector(): CrashInjector {
  if (installed) return installed;
  let plan: (CrashPlan & { left: number }) | undefined;
  const kills: Kill[] = [];
  const writes = new WeakMap<ConsumerInvocation, Write[]>();
  const byFunction = new Map<string, Write[][]>();

  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const invocation = currentConsumerInvocation();
      const command = context.commandName ?? 'unknown';
      if (!invocation || !WRITE_COMMANDS.has(command)) return result;
      let list = writes.get(invocation);
      if (!list) {
        list = [];
        writes.set(invocation, list);
        const lists = byFunction.get(invocation.functionName) ?? [];
        lists.push(list);
        byFunction.set(invocation.functionName, lists);
      }
      const write = { command, table: String((args.input as { TableName?: string }).TableName ?? '') };
      list.push(write);
      if (
        plan &&
        plan.left > 0 &&
        invocation.functionName === plan.functionName &&
        invocation.detailType === plan.detailType &&
        (plan.attempts ?? [1]).includes(invocation.attempt) &&
        plan.killAfter(write, list.length)
      ) {
        plan.left--;
        kills.push({ eventId: invocation.eventId, attempt: invocation.attempt, after: write, index: list.length });
        return invocation.kill(`after write ${list.length} (${write.command} on ${write.table})`);
      }
      return result;
    },
    { step: 'initialize', name: 'chaosConsumerCrashInjector' },
  );

  installed = {
    arm(next) {
      plan = { ...next, left: next.times ?? 1 };
    },
    disarm() {
      plan = undefined;
    },
    kills,
    writesOf: (functionName) => byFunction.get(functionName) ?? [],
  };
  return installed;
}
