/**
 * Test-only: lose webhooks on purpose. `POST /_emu/webhooks/drop` with `count` (default 1) and optional
 * `types` (comma-separated event types) makes the sandbox skip delivering the next `count` matching
 * events — they are still created and listed in `/_emu/events`, as a delivery Stripe gave up on would
 * be — so tests can prove a payment still settles without its webhook. `DELETE` clears it.
 */
export interface WebhookDrops {
  /** Whether this event's delivery is to be skipped (and uses up one of the drops if so). */
  take(type: string): boolean;
  set(count: number, types: readonly string[]): { dropping: number; types: string[] };
  clear(): { dropping: number; types: string[] };
}

export function createWebhookDrops(): WebhookDrops {
  let remaining = 0;
  let onlyTypes: string[] = [];
  const state = () => ({ dropping: remaining, types: [...onlyTypes] });
  return {
    take(type) {
      if (remaining <= 0 || (onlyTypes.length > 0 && !onlyTypes.includes(type))) return false;
      remaining--;
      return true;
    },
    set(count, types) {
      remaining = count;
      onlyTypes = [...types];
      return state();
    },
    clear() {
      remaining = 0;
      onlyTypes = [];
      return state();
    },
  };
}
