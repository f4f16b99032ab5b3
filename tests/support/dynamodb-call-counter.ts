/**
 * Counts the DynamoDB requests the functions send, at the process's shared document client (the one every
 * handler of the in-process runtime uses): counted at the client, not taken from the code under test.
 */
import { documentClient } from '@functions/adapters/dynamo';

/** One request as the counter sees it. */
export interface DynamoCall {
  /** The SDK command, e.g. `QueryCommand`. */
  command: string;
  table?: string;
  index?: string;
}

export interface DynamoCallCounter {
  /** Requests counted since the counter was added. */
  readonly total: number;
  /** Runs `work` and says how many requests were counted while it ran, and of which commands. */
  during<T>(work: () => Promise<T>): Promise<{ result: T; calls: number; byCommand: Record<string, number> }>;
}

let counters = 0;

/**
 * Adds a counter of the requests `which` picks (all by default). It sits at the lowest step, so every
 * request that goes on the wire counts, retries included (with `acceptedOnly`, only those DynamoDB carried out).
 * Call it once the runtime has booted: the shared
 * client takes its endpoint from the environment the runtime sets.
 */
export function countDynamoCalls(
  which: (call: DynamoCall) => boolean = () => true,
  options: { acceptedOnly?: boolean } = {},
): DynamoCallCounter {
  let total = 0;
  const byCommand = new Map<string, number>();
  counters += 1;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { TableName?: string; IndexName?: string };
      const call = { command: context.commandName ?? 'unknown', table: input.TableName, index: input.IndexName };
      const count = () => {
        total += 1;
        byCommand.set(call.command, (byCommand.get(call.command) ?? 0) + 1);
      };
      if (!which(call)) return next(args);
      // `acceptedOnly`: a request DynamoDB refused (a conditional write whose condition failed) changed nothing.
      if (!options.acceptedOnly) count();
      const output = await next(args);
      const status = (output.response as { statusCode?: number } | undefined)?.statusCode ?? 200;
      if (options.acceptedOnly && status < 300) count();
      return output;
    },
    { step: 'deserialize', name: `countDynamoCallsForTest${counters}` },
  );
  return {
    get total() {
      return total;
    },
    async during(work) {
      const before = { total, byCommand: new Map(byCommand) };
      const result = await work();
      const delta: Record<string, number> = {};
      for (const [command, count] of byCommand) {
        const added = count - (before.byCommand.get(command) ?? 0);
        if (added > 0) delta[command] = added;
      }
      return { result, calls: total - before.total, byCommand: delta };
    },
  };
}
