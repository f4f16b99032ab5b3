/**
 * Sends each event to its endpoint signed like Stripe (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret,
 * "t.body")`, what `stripe.webhooks.constructEvent` checks), after the response that caused it, and
 * retries a failed delivery a few times with growing waits, as Stripe does over days.
 */
import { createHmac } from 'node:crypto';
import type { StripeEvent } from './sandbox-store';

export interface WebhookEndpoint {
  url: string;
  secret: string;
  /** The event types it is subscribed to, as a Stripe endpoint's `enabled_events`; omitted = every type. */
  enabledEvents?: readonly string[];
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  url: string;
  ok: boolean;
  attempts: number;
  lastStatus?: number;
  error?: string;
}

/** Waits before the 2nd, 3rd and 4th attempts; short, because a developer is watching. */
export const RETRY_DELAYS_MS = [250, 1_000, 4_000];
const ATTEMPT_TIMEOUT_MS = 5_000;

export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function createWebhookSender(log: (line: string) => void) {
  const deliveries: WebhookDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  /** Pending backoff waits, each with the resolver that ends it early on stop. */
  const timers = new Map<NodeJS.Timeout, () => void>();
  let stopped = false;

  function wait(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.set(timer, resolve);
    });
  }

  async function attempt(endpoint: WebhookEndpoint, payload: string): Promise<{ status?: number; error?: string }> {
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(payload, endpoint.secret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return { status: response.status };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  async function deliver(event: StripeEvent, endpoint: WebhookEndpoint) {
    const delivery: WebhookDelivery = {
      eventId: event.id,
      type: event.type,
      url: endpoint.url,
      ok: false,
      attempts: 0,
    };
    deliveries.push(delivery);
    const payload = JSON.stringify(event, null, 2);
    for (let index = 0; index <= RETRY_DELAYS_MS.length && !stopped; index++) {
      if (index > 0) await wait(RETRY_DELAYS_MS[index - 1]!);
      if (stopped) break;
      delivery.attempts++;
      const outcome = await attempt(endpoint, payload);
      delivery.lastStatus = outcome.status;
      delivery.error = outcome.error;
      if (outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300) {
        delivery.ok = true;
        return;
      }
      log(
        `stripe-sandbox: ${event.type} ${event.id} → ${endpoint.url} failed (${outcome.error ?? outcome.status}), attempt ${delivery.attempts}`,
      );
    }
  }

  return {
    deliveries,
    send(event: StripeEvent, endpoint: WebhookEndpoint) {
      const running = deliver(event, endpoint).finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    /** Resolves once every delivery started so far has finished, retries included. */
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    /** Abandons pending retries so stopping never waits for a backoff. */
    async stop() {
      stopped = true;
      for (const [timer, resolve] of timers) {
        clearTimeout(timer);
        resolve();
      }
      timers.clear();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
