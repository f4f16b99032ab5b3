/**
 * The local runtime's meter: what the functions cost to run, measured where the runtime runs them — each
 * handler invocation and its duration (function-loader.ts), each event put on the bus (event-bus.ts), each
 * email the mailbox accepted (mailbox.ts). The bench's cost of a payment (tests/bench/payment-cost.ts) and
 * the settle-path budget test read it; nothing in production does.
 *
 * The trigger is read from the event Lambda would be given (HTTP API, WebSocket, EventBridge rule, schedule,
 * Cognito trigger), so the meter needs no help from the gateway or the bus to tell an API request from a
 * consumer run: an HTTP invocation is one API Gateway request that reached a function.
 */

export type TriggerKind = 'http' | 'websocket' | 'bus' | 'schedule' | 'cognito' | 'direct';

export interface Trigger {
  kind: TriggerKind;
  /** The route key (`POST /api/checkout`, `$connect`), the bus event's detail-type, the Cognito trigger. */
  detail: string;
}

/** One function's invocations for one trigger. */
export interface InvocationTotals {
  functionName: string;
  trigger: Trigger;
  invocations: number;
  /** Invocations whose handler threw (Lambda bills them the same). */
  failed: number;
  /** The handlers' measured wall time, in ms. */
  durationMs: number;
  /** What Lambda bills: each invocation's duration rounded up to the next whole ms. */
  billedMs: number;
}

export interface MeterReading {
  invocations: InvocationTotals[];
  /** Events put on the local bus (custom events, as EventBridge bills them), by detail-type. */
  busEvents: Record<string, number>;
  /** Recipients of the emails the local SES accepted (SES bills per recipient). */
  emailsSent: number;
}

/** The event's trigger, by the shape Lambda gives each source. */
export function triggerOf(event: unknown): Trigger {
  const shape = (event ?? {}) as {
    requestContext?: { http?: unknown; routeKey?: string; eventType?: string };
    type?: string;
    methodArn?: string;
    'detail-type'?: string;
    source?: string;
    triggerSource?: string;
  };
  const context = shape.requestContext;
  if (context?.http) return { kind: 'http', detail: context.routeKey ?? '' };
  if (context?.eventType) {
    const authorizer = shape.type === 'REQUEST' && shape.methodArn !== undefined;
    return { kind: 'websocket', detail: authorizer ? `${context.routeKey} authorizer` : (context.routeKey ?? '') };
  }
  if (shape['detail-type'] === 'Scheduled Event' && shape.source === 'aws.events') {
    return { kind: 'schedule', detail: 'Scheduled Event' };
  }
  if (typeof shape['detail-type'] === 'string') return { kind: 'bus', detail: shape['detail-type'] };
  if (typeof shape.triggerSource === 'string') return { kind: 'cognito', detail: shape.triggerSource };
  return { kind: 'direct', detail: '' };
}

export class LocalMeter {
  #invocations = new Map<string, InvocationTotals>();
  #busEvents = new Map<string, number>();
  #emailsSent = 0;

  recordInvocation(functionName: string, event: unknown, durationMs: number, ok: boolean) {
    const trigger = triggerOf(event);
    const key = `${functionName}\u0000${trigger.kind}\u0000${trigger.detail}`;
    let totals = this.#invocations.get(key);
    if (!totals) {
      totals = { functionName, trigger, invocations: 0, failed: 0, durationMs: 0, billedMs: 0 };
      this.#invocations.set(key, totals);
    }
    totals.invocations += 1;
    if (!ok) totals.failed += 1;
    totals.durationMs += durationMs;
    // Lambda bills duration in 1 ms steps, at least 1 ms.
    totals.billedMs += Math.max(1, Math.ceil(durationMs));
  }

  recordBusEvent(detailType: string) {
    this.#busEvents.set(detailType, (this.#busEvents.get(detailType) ?? 0) + 1);
  }

  recordEmails(recipients: number) {
    this.#emailsSent += recipients;
  }

  /** A copy of everything counted so far. */
  read(): MeterReading {
    return {
      invocations: [...this.#invocations.values()].map((totals) => ({ ...totals, trigger: { ...totals.trigger } })),
      busEvents: Object.fromEntries(this.#busEvents),
      emailsSent: this.#emailsSent,
    };
  }

  /** Runs `work` and answers what was counted while it ran (with the bus settled by the caller). */
  async during<T>(work: () => Promise<T>): Promise<{ result: T; reading: MeterReading }> {
    const before = this.read();
    const result = await work();
    return { result, reading: difference(this.read(), before) };
  }
}

/** `after` less `before`: what was counted between two readings. */
export function difference(after: MeterReading, before: MeterReading): MeterReading {
  const key = (totals: InvocationTotals) =>
    `${totals.functionName}\u0000${totals.trigger.kind}\u0000${totals.trigger.detail}`;
  const earlier = new Map(before.invocations.map((totals) => [key(totals), totals]));
  const invocations = after.invocations.flatMap((totals) => {
    const was = earlier.get(key(totals));
    const delta = {
      ...totals,
      invocations: totals.invocations - (was?.invocations ?? 0),
      failed: totals.failed - (was?.failed ?? 0),
      durationMs: totals.durationMs - (was?.durationMs ?? 0),
      billedMs: totals.billedMs - (was?.billedMs ?? 0),
    };
    return delta.invocations > 0 ? [delta] : [];
  });
  const busEvents = Object.fromEntries(
    Object.entries(after.busEvents)
      .map(([type, count]) => [type, count - (before.busEvents[type] ?? 0)] as const)
      .filter(([, count]) => count > 0),
  );
  return { invocations, busEvents, emailsSent: after.emailsSent - before.emailsSent };
}

/**
 * The meters the function loader reports to. Handlers run in this process whichever runtime started them,
 * so a meter is registered while its runtime runs (one runtime per process, as the harness boots them).
 */
const meters = new Set<LocalMeter>();

export function registerMeter(meter: LocalMeter): () => void {
  meters.add(meter);
  return () => meters.delete(meter);
}

export function activeMeters(): ReadonlySet<LocalMeter> {
  return meters;
}
