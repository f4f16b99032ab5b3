/**
 * The local EventBridge: answers the SDK's `PutEvents` on its own port (functions reach it through
 * AWS_ENDPOINT_URL_EVENTBRIDGE, so their code is the cloud code), matches each event against the
 * catalogue's rules exactly as the stack declares them, and invokes the targets asynchronously with
 * Lambda's retry policy for asynchronous invocations (two retries, about one and two minutes later). A delivery that still fails becomes a dead letter (dead-letters.ts),
 * as it would in the consumer's SQS dead-letter queue in the cloud; `Paylink.ReplayDeadLetters` on the
 * same port (what `npm run replay-dead-letters` calls) re-drives them.
 */
import http from 'node:http';
import type { FunctionSpec } from '@functions/function-spec';
import { runConsumerInvocation } from './consumer-invocations';
import { describeDeadLetter, memoryDeadLetterStore, type DeadLetter, type DeadLetterStore } from './dead-letters';
import { eventPatternOf, matchesEventPattern, type EventPattern } from './event-pattern';
import { invoke } from './function-loader';
import type { LocalMeter } from './meter';
import { LOOPBACK, closeServer, listenOn } from './ports';

export const PAYLINK_BUS_NAME = 'paylink';
/**
 * Lambda retries a failed asynchronous invocation twice, about a minute and then two minutes later. The
 * wait matters: a duplicate event that arrives while its original still holds the idempotency lease
 * fails fast, and by its retry the original has finished, so the retry is a no-op rather than a dead
 * letter. Tests and the bench scale these down with one setting (PAYLINK_RETRY_DELAY_SCALE).
 */
export const ASYNC_RETRY_DELAYS_MS = [60_000, 120_000] as const;
const RETRIES = ASYNC_RETRY_DELAYS_MS.length;
export const RETRY_DELAY_SCALE_ENV = 'PAYLINK_RETRY_DELAY_SCALE';

/** The wait before retry `retry` (1-based): Lambda's delay, scaled, with ±20% jitter so retries spread. */
export function asyncRetryDelayMs(retry: number, scale: number, random = Math.random): number {
  const base = ASYNC_RETRY_DELAYS_MS[retry - 1] ?? ASYNC_RETRY_DELAYS_MS.at(-1)!;
  return Math.round(base * scale * (0.8 + 0.4 * random()));
}

function retryDelayScaleFromEnvironment(): number {
  const configured = Number(process.env[RETRY_DELAY_SCALE_ENV]);
  return Number.isFinite(configured) && configured > 0 ? configured : 1;
}
/** The bus port's own operation (not EventBridge's): re-drive the dead letters, answer what became of them. */
export const REPLAY_DEAD_LETTERS_TARGET = 'Paylink.ReplayDeadLetters';

export interface ReplayResult {
  /** Re-driven successfully, and removed. */
  replayed: number;
  /** Failed again; kept, with the new error. */
  failed: number;
  /** Name a function this catalogue does not have; kept. */
  unknownFunction: number;
}

export interface BusEvent {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: unknown;
}

export interface Delivery {
  eventId: string;
  functionName: string;
  ok: boolean;
  attempts: number;
  error?: string;
}

export interface LocalEventBus {
  endpoint: string;
  /** Puts an event on a bus as PutEvents would (the scheduler uses it for the default bus). */
  put(busName: string, event: Omit<BusEvent, 'version' | 'id' | 'account' | 'time' | 'region'>): string;
  /** Resolves once every delivery started so far has finished (tests wait on this instead of sleeping). */
  settled(): Promise<void>;
  deliveries: Delivery[];
  /** Deliveries that failed after their retries, kept until replayed. */
  deadLetters: DeadLetterStore;
  /** Re-drives every dead letter through its consumer (with the same retries); removes those that succeed. */
  replayDeadLetters(): Promise<ReplayResult>;
  /** Every rule it applies, for the parity test. */
  rules: { functionName: string; busName: string; pattern: EventPattern }[];
  stop(): Promise<void>;
}

interface Target {
  fn: FunctionSpec;
  busName: string;
  pattern: EventPattern;
}

interface PutEventsEntry {
  Source?: string;
  DetailType?: string;
  Detail?: string;
  EventBusName?: string;
  Resources?: string[];
  Time?: string | number;
}

export async function startLocalEventBus(options: {
  /** 0 = one the OS chooses (the endpoint says which). */
  port: number;
  functions: readonly FunctionSpec[];
  /**
   * The rules to apply instead of the catalogue's (`functions`' `rules` on the `paylink` bus): the assembly
   * runtime's, read from the template's `AWS::Events::Rule`s with their whole patterns.
   */
  rules?: readonly { fn: FunctionSpec; busName: string; pattern: EventPattern }[];
  /** Where dead letters are kept; in memory if omitted. */
  deadLetters?: DeadLetterStore;
  /** Multiplies Lambda's retry delays (1: real minutes); else PAYLINK_RETRY_DELAY_SCALE, else 1. */
  retryDelayScale?: number;
  /** Counts each event PutEvents takes (what EventBridge bills). */
  meter?: LocalMeter;
  log?: (line: string) => void;
}): Promise<LocalEventBus> {
  const retryDelayScale = options.retryDelayScale ?? retryDelayScaleFromEnvironment();
  const deadLetters = options.deadLetters ?? memoryDeadLetterStore();
  const targets: Target[] =
    options.rules?.slice() ??
    options.functions.flatMap((fn) =>
      (fn.rules ?? []).map((rule) => ({
        fn,
        busName: rule.bus === 'default' ? 'default' : PAYLINK_BUS_NAME,
        pattern: eventPatternOf(rule),
      })),
    );
  const inFlight = new Set<Promise<void>>();
  const deliveries: Delivery[] = [];

  /** One delivery with its retries; records it in `deliveries`. */
  async function attemptDelivery(fn: FunctionSpec, event: DeadLetter['event']): Promise<Delivery> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= RETRIES + 1; attempt++) {
      try {
        // The seam lets a test kill this attempt mid-run (consumer-invocations.ts); otherwise a plain invoke.
        const invocation = { functionName: fn.name, eventId: event.id, detailType: event['detail-type'], attempt };
        await runConsumerInvocation(invocation, () => invoke(fn, event));
        const delivery = { eventId: event.id, functionName: fn.name, ok: true, attempts: attempt };
        deliveries.push(delivery);
        return delivery;
      } catch (error) {
        lastError = error;
        if (attempt <= RETRIES) {
          await new Promise((resolve) => setTimeout(resolve, asyncRetryDelayMs(attempt, retryDelayScale)));
        }
      }
    }
    const failed = {
      eventId: event.id,
      functionName: fn.name,
      ok: false,
      attempts: RETRIES + 1,
      error: String(lastError),
    };
    deliveries.push(failed);
    return failed;
  }

  async function deliver(fn: FunctionSpec, event: BusEvent) {
    const delivery = await attemptDelivery(fn, event);
    if (delivery.ok) return;
    const letter = deadLetters.add({
      functionName: fn.name,
      event,
      error: delivery.error ?? 'unknown error',
      attempts: delivery.attempts,
      failedAt: new Date().toISOString(),
    });
    options.log?.(describeDeadLetter(letter, deadLetters.location));
  }

  async function replayDeadLetters(): Promise<ReplayResult> {
    const result: ReplayResult = { replayed: 0, failed: 0, unknownFunction: 0 };
    for (const letter of deadLetters.list()) {
      const fn = options.functions.find((candidate) => candidate.name === letter.functionName);
      if (!fn) {
        result.unknownFunction++;
        options.log?.(
          `dead letter ${letter.id} names ${letter.functionName}, which this catalogue does not have: kept`,
        );
        continue;
      }
      const delivery = await attemptDelivery(fn, letter.event);
      if (delivery.ok) {
        deadLetters.remove(letter.id);
        result.replayed++;
        options.log?.(`dead letter replayed: ${letter.event['detail-type']} (${letter.event.id}) → ${fn.name}`);
      } else {
        deadLetters.update({ ...letter, error: delivery.error ?? letter.error, replays: letter.replays + 1 });
        result.failed++;
        options.log?.(describeDeadLetter({ ...letter, error: delivery.error ?? letter.error }, deadLetters.location));
      }
    }
    return result;
  }

  function put(busName: string, partial: Omit<BusEvent, 'version' | 'id' | 'account' | 'time' | 'region'>) {
    const event: BusEvent = {
      version: '0',
      id: crypto.randomUUID(),
      account: '000000000000',
      time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      region: 'local',
      ...partial,
    };
    for (const target of targets) {
      if (target.busName !== busName || !matchesEventPattern(target.pattern, event)) continue;
      const delivery = deliver(target.fn, event).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    }
    return event.id;
  }

  function putEvents(entries: PutEventsEntry[]) {
    for (const entry of entries) options.meter?.recordBusEvent(entry.DetailType ?? '');
    return {
      FailedEntryCount: 0,
      Entries: entries.map((entry) => ({
        // PutEvents takes the bus's name or its ARN (`arn:aws:events:…:event-bus/<name>`).
        EventId: put(entry.EventBusName?.replace(/^arn:aws:events:[^:]*:[^:]*:event-bus\//, '') ?? 'default', {
          source: entry.Source ?? '',
          'detail-type': entry.DetailType ?? '',
          detail: entry.Detail ? JSON.parse(entry.Detail) : {},
          resources: entry.Resources ?? [],
        }),
      })),
    };
  }

  // The client closes idle keep-alive sockets, never the server (mailbox.ts says why); stop() closes the rest.
  const server = http.createServer({ keepAliveTimeout: 0 }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const target = String(request.headers['x-amz-target'] ?? '');
      response.setHeader('content-type', 'application/x-amz-json-1.1');
      if (target === REPLAY_DEAD_LETTERS_TARGET) {
        replayDeadLetters().then(
          (result) => response.end(JSON.stringify(result)),
          (error: unknown) => {
            response.statusCode = 500;
            response.end(JSON.stringify({ __type: 'InternalException', message: String(error) }));
          },
        );
        return;
      }
      if (target !== 'AWSEvents.PutEvents') {
        response.statusCode = 400;
        response.end(JSON.stringify({ __type: 'UnknownOperationException', message: `Not emulated: ${target}` }));
        return;
      }
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { Entries?: PutEventsEntry[] };
        response.end(JSON.stringify(putEvents(body.Entries ?? [])));
      } catch (error) {
        response.statusCode = 400;
        response.end(JSON.stringify({ __type: 'ValidationException', message: String(error) }));
      }
    });
  });
  const port = await listenOn(server, options.port);

  return {
    endpoint: `http://${LOOPBACK}:${port}`,
    put,
    deliveries,
    deadLetters,
    replayDeadLetters,
    rules: targets.map(({ fn, busName, pattern }) => ({ functionName: fn.name, busName, pattern })),
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async stop() {
      await closeServer(server);
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
