/** What every resource module gets from the server: the store, its own URL, the clock and the event sink. */
import type { SandboxStore, StripeObject } from './sandbox-store';

export interface EmitOptions {
  /** The connected account the object lives on; null for the platform's own objects. */
  account: string | null;
  previousAttributes?: Record<string, unknown>;
  /** When it happened, if not now: a test clock's time (the event's `created`). */
  at?: number;
}

export interface SandboxContext {
  store: SandboxStore;
  /** `http://127.0.0.1:<port>`, for hosted-page URLs. */
  baseUrl: string;
  /** Unix seconds. */
  now(): number;
  /** Records the event and hands it to webhook delivery (which never holds up the response). */
  emit(type: string, object: StripeObject, options: EmitOptions): void;
}

/** A snapshot, so later changes to the stored object don't rewrite an event already sent. */
export function snapshot<T>(value: T): T {
  return structuredClone(value);
}
