/**
 * The local schedule: each catalogue `schedule` fires its function every `rateMinutes`, with the event
 * an EventBridge scheduled rule sends (on the default bus, like the cloud's). `runNow` fires one at once;
 * with `timers: false` nothing fires unless `runNow` says so — how the integration tests run it, so a
 * timer cannot fire in the middle of a test and race the run the test itself is checking.
 */
import type { FunctionSpec } from '@functions/function-spec';
import { runConsumerInvocation } from './consumer-invocations';
import { invoke } from './function-loader';

export interface LocalScheduler {
  /** Fires one scheduled function now, as its timer would; resolves when it has run. */
  runNow(functionName: string): Promise<void>;
  schedules: { functionName: string; rateMinutes: number }[];
  /** Whether each schedule also fires on its own timer. */
  timers: boolean;
  stop(): void;
}

export function scheduledEvent(fn: FunctionSpec) {
  return {
    version: '0',
    id: crypto.randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: 'local',
    resources: [`arn:aws:events:local:000000000000:rule/paylink-${fn.name}-schedule`],
    detail: {},
  };
}

export function startLocalScheduler(options: {
  functions: readonly FunctionSpec[];
  /** Fire each schedule every `rateMinutes` (default); false leaves every run to `runNow`. */
  timers?: boolean;
  log?: (line: string) => void;
}): LocalScheduler {
  const timersOn = options.timers ?? true;
  const scheduled = options.functions.filter((fn) => fn.schedule);
  const run = async (fn: FunctionSpec) => {
    try {
      // Inside the same test seam as the bus's deliveries (consumer-invocations.ts): a test can kill a
      // scheduled run between two of its writes, as Lambda's timeout would.
      const event = scheduledEvent(fn);
      const invocation = { functionName: fn.name, eventId: event.id, detailType: event['detail-type'], attempt: 1 };
      await runConsumerInvocation(invocation, () => invoke(fn, event));
    } catch (error) {
      options.log?.(`schedule ${fn.name} failed: ${String(error)}`);
      throw error;
    }
  };
  const timers = timersOn
    ? scheduled.map((fn) =>
        setInterval(() => void run(fn).catch(() => undefined), fn.schedule!.rateMinutes * 60_000).unref(),
      )
    : [];
  return {
    schedules: scheduled.map((fn) => ({ functionName: fn.name, rateMinutes: fn.schedule!.rateMinutes })),
    timers: timersOn,
    async runNow(functionName) {
      const fn = scheduled.find((candidate) => candidate.name === functionName);
      if (!fn) throw new Error(`No scheduled function named ${functionName}`);
      await run(fn);
    },
    stop() {
      timers.forEach(clearInterval);
    },
  };
}
