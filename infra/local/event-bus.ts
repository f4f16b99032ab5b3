/**
 * The local EventBridge: answers the SDK's `PutEvents` on its own port (functions reach it through
 * AWS_ENDPOINT_URL_EVENTBRIDGE, so their code is the cloud code), matches each event against the
 * catalogue's rules exactly as the stack declares them, and invokes the targets asynchronously with
 * Lambda's retry policy (two retries).
 */
import http from 'node:http';
import type { FunctionSpec } from '../../functions/catalog';
import { eventPatternOf, matchesEventPattern, type EventPattern } from './event-pattern';
import { invoke } from './function-loader';
import { LOOPBACK, closeServer } from './ports';

export const PAYLINK_BUS_NAME = 'paylink';
const RETRIES = 2;

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
  port: number;
  functions: readonly FunctionSpec[];
  log?: (line: string) => void;
}): Promise<LocalEventBus> {
  const targets: Target[] = options.functions.flatMap((fn) =>
    (fn.rules ?? []).map((rule) => ({ fn, busName: PAYLINK_BUS_NAME, pattern: eventPatternOf(rule) })),
  );
  const inFlight = new Set<Promise<void>>();
  const deliveries: Delivery[] = [];

  async function deliver(fn: FunctionSpec, event: BusEvent) {
    let lastError: unknown;
    for (let attempt = 1; attempt <= RETRIES + 1; attempt++) {
      try {
        await invoke(fn, event);
        deliveries.push({ eventId: event.id, functionName: fn.name, ok: true, attempts: attempt });
        return;
      } catch (error) {
        lastError = error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
    deliveries.push({
      eventId: event.id,
      functionName: fn.name,
      ok: false,
      attempts: RETRIES + 1,
      error: String(lastError),
    });
    options.log?.(`event ${event['detail-type']} → ${fn.name} failed: ${String(lastError)}`);
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
    return {
      FailedEntryCount: 0,
      Entries: entries.map((entry) => ({
        EventId: put(entry.EventBusName ?? 'default', {
          source: entry.Source ?? '',
          'detail-type': entry.DetailType ?? '',
          detail: entry.Detail ? JSON.parse(entry.Detail) : {},
          resources: entry.Resources ?? [],
        }),
      })),
    };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const target = String(request.headers['x-amz-target'] ?? '');
      response.setHeader('content-type', 'application/x-amz-json-1.1');
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, LOOPBACK, () => resolve());
  });

  return {
    endpoint: `http://${LOOPBACK}:${options.port}`,
    put,
    deliveries,
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
