/**
 * Test seam: which bus consumer invocation the current code runs in, and a way to kill it there.
 *
 * The local bus runs every delivery attempt inside `runConsumerInvocation`, and the local scheduler each
 * scheduled run (detail-type `Scheduled Event`, attempt 1). Code running on behalf of that
 * attempt (e.g. a test's middleware on the shared DynamoDB client) can ask `currentConsumerInvocation()`
 * and call `kill()`: the attempt fails at once, as a Lambda killed by its timeout or an out-of-memory
 * would, and the killed run never continues — the promise `kill()` returns never settles, so no `catch`,
 * `finally` or later write of the handler runs (a real kill runs none either). The bus then retries, or
 * keeps a dead letter, exactly as for any failed attempt. Nothing in production calls `kill()`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface ConsumerInvocation {
  functionName: string;
  /** The bus event's id and detail-type (for the Stripe events: Stripe's event type). */
  eventId: string;
  detailType: string;
  /** 1 for the first delivery, then each retry (a dead-letter replay starts at 1 again). */
  attempt: number;
  /** Kills this attempt where it stands; never resolves. */
  kill(reason: string): Promise<never>;
}

/** The error the bus records for a killed attempt. */
export class ConsumerKilledError extends Error {
  constructor(
    invocation: Pick<ConsumerInvocation, 'functionName' | 'eventId' | 'detailType' | 'attempt'>,
    reason: string,
  ) {
    super(`${invocation.functionName} killed on attempt ${invocation.attempt} of ${invocation.eventId}: ${reason}`);
    this.name = 'ConsumerKilledError';
  }
}

const invocations = new AsyncLocalStorage<ConsumerInvocation>();

export function currentConsumerInvocation(): ConsumerInvocation | undefined {
  return invocations.getStore();
}

export function runConsumerInvocation<T>(
  details: Pick<ConsumerInvocation, 'functionName' | 'eventId' | 'detailType' | 'attempt'>,
  work: () => Promise<T>,
): Promise<T> {
  let killed!: (error: Error) => void;
  const whenKilled = new Promise<never>((_, reject) => (killed = reject));
  const invocation: ConsumerInvocation = {
    ...details,
    kill(reason) {
      killed(new ConsumerKilledError(details, reason));
      return new Promise<never>(() => {});
    },
  };
  return Promise.race([invocations.run(invocation, work), whenKilled]);
}
