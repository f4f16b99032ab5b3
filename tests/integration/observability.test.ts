/**
 * Issue 12: one payer's journey on the local runtime — a link, checkout, paying on the sandbox, the
 * Connect webhook, settlement, the success page, a receipt, a redelivered event and a forged one — read
 * back from what the functions wrote to stdout, exactly as CloudWatch would receive it: JSON lines, the
 * metric lines in the embedded metric format, the payment's ids on every line that knows them, and not
 * one secret, token, card number or full payer email anywhere.
 *
 * The runtime runs the handlers in this process, so capturing this process's stdout captures them all.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type Stripe from 'stripe';
import { checkoutResponseSchema } from '@shared/contracts/checkout';
import { SECRET_IDS } from '@functions/function-spec';
import { secretValueEnvName } from '@functions/environment';
import { redactText, setLogLevel } from '@functions/adapters/observability';
import { payOnHostedCheckout } from '../support/stripe-sandbox';
import { bootLocalRuntime, type TestMerchant, type TestRuntime } from './harness';

const PAYER_EMAIL = 'aroha.payer@example.co.nz';
const CARD = '4242 4242 4242 4242';

type Line = Record<string, unknown> & {
  _aws?: {
    CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[];
  };
};

let env: TestRuntime;
let merchant: TestMerchant;
/** Everything written to stdout while the journey ran. */
let captured = '';
let lines: Line[] = [];
let paymentId: string;
let linkId: string;
let sessionId: string;
let completedEvent: Stripe.Event;

const metricLines = (name: string) =>
  lines.filter((line) =>
    line._aws?.CloudWatchMetrics.some((set) => set.Metrics.some((metric) => metric.Name === name)),
  );
const logLines = (message: string) => lines.filter((line) => line.message === message);

beforeAll(async () => {
  // Kept out of the test output and read back below; anything else written to stdout passes through.
  const write = process.stdout.write.bind(process.stdout);
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation(((
    chunk: string | Uint8Array,
    ...rest: unknown[]
  ) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.startsWith('{')) {
      captured += text;
      return true;
    }
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write);

  // Test runs keep INFO and metric lines quiet (vitest.config.ts); this test reads every line, as CloudWatch
  // would get it. Each metric line's emitter reads the switch as it is made (emitMetric → singleMetric).
  setLogLevel('INFO');
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  try {
    env = await bootLocalRuntime();
    merchant = await env.connectedMerchant();

    linkId = (await env.createLink(merchant)).linkId;

    const started = await env.api('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ linkId, tip: 'percent' }),
    });
    expect(started.status).toBe(200);
    const checkout = checkoutResponseSchema.parse(await started.json());
    paymentId = checkout.paymentId;

    const paid = await payOnHostedCheckout(checkout.url, { card: CARD, email: PAYER_EMAIL, name: 'Aroha Payer' });
    expect(paid.status).toBe(303);
    sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
    await env.settle();

    // The success page, and its receipt (the payer's email goes in; it must not come out in the logs).
    expect((await env.api(`/api/checkout/${sessionId}`)).status).toBe(200);
    const receipt = await env.api(`/api/checkout/${sessionId}/receipt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: PAYER_EMAIL }),
    });
    expect(receipt.status).toBe(202);

    // Stripe redelivers the completed event (a duplicate), and someone forges one (a bad signature).
    const events = (await (await fetch(`${env.runtime.stripe.url}/_emu/events`)).json()) as { data: Stripe.Event[] };
    completedEvent = events.data.find(
      (event) =>
        event.type === 'checkout.session.completed' && (event.data.object as Stripe.Checkout.Session).id === sessionId,
    )!;
    expect(completedEvent).toBeDefined();
    const again = await env.deliverSignedWebhook(
      '/api/webhooks/stripe-connect',
      JSON.stringify(completedEvent),
      'stripe-connect-webhook-secret',
    );
    expect(again.status).toBe(200);
    await env.settle();
    const forged = await env.api('/api/webhooks/stripe-connect', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      body: JSON.stringify(completedEvent),
    });
    expect(forged.status).toBe(400);
  } finally {
    spy.mockRestore();
  }
  lines = captured
    .split('\n')
    .filter((text) => text.trim().startsWith('{'))
    .map((text) => JSON.parse(text) as Line);
});

afterAll(async () => {
  await env?.stop();
});

describe('metric lines (embedded metric format)', () => {
  it('are in the Paylink namespace, with only the service and stage dimensions (and the event type)', () => {
    const metrics = lines.filter((line) => line._aws);
    expect(metrics.length).toBeGreaterThan(5);
    for (const line of metrics) {
      for (const set of line._aws!.CloudWatchMetrics) {
        expect(set.Namespace).toBe('Paylink');
        for (const dimensions of set.Dimensions) {
          expect(['service', 'stage', 'eventType']).toEqual(expect.arrayContaining(dimensions));
        }
      }
      expect(line).toMatchObject({ service: 'paylink', stage: 'local' });
    }
  });

  it('count the checkout, the webhook event by type, the payment, its revenue and its settlement lag', () => {
    expect(metricLines('CheckoutsStarted').filter((line) => line.paymentId === paymentId)).toEqual([
      expect.objectContaining({ CheckoutsStarted: 1, linkId, merchantId: merchant.sub }),
    ]);
    expect(
      metricLines('WebhookEventsReceived').filter((line) => line.eventType === 'checkout.session.completed'),
    ).toHaveLength(2); // the delivery and the redelivery
    // Counted once, by the write that settled it, however often the event came.
    expect(metricLines('PaymentsSucceeded').filter((line) => line.paymentId === paymentId)).toEqual([
      expect.objectContaining({ PaymentsSucceeded: 1, merchantId: merchant.sub }),
    ]);
    expect(metricLines('SettledRevenueCents').filter((line) => line.paymentId === paymentId)).toEqual([
      expect.objectContaining({ SettledRevenueCents: 605 }),
    ]);
    const lag = metricLines('SettlementLagMs').filter((line) => line.paymentId === paymentId);
    expect(lag).toHaveLength(1);
    expect(lag[0]!.SettlementLagMs).toBeGreaterThanOrEqual(0);
    expect(lag[0]!.SettlementLagMs).toBeLessThan(60_000);
  });

  it('count the redelivered event as a duplicate and the forged one as a signature failure', () => {
    expect(metricLines('DuplicateEventsIgnored').filter((line) => line.stripeEventId === completedEvent.id)).toEqual([
      expect.objectContaining({ DuplicateEventsIgnored: 1, consumer: 'payment' }),
    ]);
    expect(metricLines('WebhookSignatureFailures')).toEqual([
      expect.objectContaining({ WebhookSignatureFailures: 1, reason: 'mismatch_or_stale' }),
    ]);
  });
});

describe('log lines', () => {
  it('tell the payment’s story from checkout to settlement under its ids, one query away', () => {
    const story = lines.filter((line) => !line._aws && line.paymentId === paymentId);
    const functions = new Set(story.map((line) => line.function_name));
    for (const fn of ['create-checkout', 'stripe-webhook', 'apply-stripe-payment-event', 'verify-checkout']) {
      expect(functions, fn).toContain(`paylink-${fn}`);
    }
    for (const line of story) {
      expect(line).toMatchObject({ service: 'paylink', stage: 'local' });
      expect(typeof line.level).toBe('string');
      expect(typeof line.function_request_id).toBe('string');
    }

    expect(logLines('Checkout started').find((line) => line.paymentId === paymentId)).toMatchObject({
      level: 'INFO',
      function_name: 'paylink-create-checkout',
      merchantId: merchant.sub,
      linkId,
      checkoutSessionId: sessionId,
      route: 'POST /api/checkout',
      requestId: expect.any(String),
    });
    expect(logLines('Stripe event received').find((line) => line.stripeEventId === completedEvent.id)).toMatchObject({
      stripeEventType: 'checkout.session.completed',
      paymentId,
    });
    expect(logLines('Payment settled').filter((line) => line.paymentId === paymentId)).toEqual([
      expect.objectContaining({
        function_name: 'paylink-apply-stripe-payment-event',
        status: 'succeeded',
        merchantId: merchant.sub,
        linkId,
        stripeEventId: completedEvent.id,
        stripeEventType: 'checkout.session.completed',
      }),
    ]);
    expect(
      logLines('Stripe event already applied: duplicate ignored').find(
        (line) => line.stripeEventId === completedEvent.id,
      ),
    ).toMatchObject({ level: 'INFO', function_name: 'paylink-apply-stripe-payment-event' });
  });

  it('log one line per HTTP request with its route, status and the merchant on merchant routes', () => {
    const requests = logLines('Request');
    expect(requests.find((line) => line.route === 'POST /api/me/links')).toMatchObject({
      status: 201,
      merchantId: merchant.sub,
      function_name: 'paylink-create-payment-link',
    });
    expect(requests.find((line) => line.route === 'POST /api/checkout/{sessionId}/receipt')).toMatchObject({
      status: 202,
    });
    expect(
      requests.filter((line) => line.status === 400 && line.route === 'POST /api/webhooks/stripe-connect'),
    ).toHaveLength(1);
  });

  it('never hold a secret, a token, a card number or the payer’s full email', () => {
    expect(captured.length).toBeGreaterThan(1000);
    for (const secretId of SECRET_IDS) {
      const value = process.env[secretValueEnvName(secretId)];
      expect(value, secretId).toBeTruthy();
      expect(captured.includes(value!), secretId).toBe(false);
    }
    expect(captured).not.toContain(merchant.accessToken);
    expect(captured).not.toContain(merchant.idToken);
    expect(captured).not.toMatch(/Bearer\s/i);
    expect(captured).not.toMatch(/\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{8,}/);
    expect(captured).not.toMatch(/\bwhsec_[A-Za-z0-9]{8,}/);
    expect(captured).not.toContain(CARD);
    expect(captured).not.toContain(CARD.replaceAll(' ', ''));
    expect(captured).not.toContain(PAYER_EMAIL);
    expect(captured).not.toContain(merchant.email);
  });
});

describe('the last line of defence (every log line passes through it)', () => {
  it('scrubs keys, webhook secrets, bearer tokens, JWTs and card numbers, and masks emails', () => {
    const scrubbed = redactText(
      'sk_live_51Habc whsec_9xYz Bearer abc.def eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl 4242 4242 4242 4242 4000000000000002 jane.doe@example.com',
    );
    expect(scrubbed).toBe('[redacted] [redacted] [redacted] [redacted] [redacted] [redacted] j***@example.com');
  });

  it('leaves ids and numbers that are not card numbers alone', () => {
    const text = 'pay_1234567890123456 evt_1 12345678-1234-5678 1795467562427';
    expect(redactText(text)).toBe(text);
  });
});
