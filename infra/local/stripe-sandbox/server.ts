/**
 * The local Stripe: one HTTP server on 127.0.0.1 that the real `stripe` SDK talks to (through its
 * host/port/protocol options), the hosted pages a payer and a merchant click through, and signed
 * webhooks to the platform and Connect endpoints. Which subset it serves: docs/architecture.md, "Local and cloud".
 *
 * This file is the shell: it records events and hands them to webhook delivery, reads each request's
 * body, and passes API paths to `stripe-api.ts` (with the route tables beside each resource) and every
 * other path to the hosted pages.
 */
import http from 'node:http';
import { LOOPBACK, closeServer, listenOn } from '../ports';
import { accountRoutes } from './account-routes';
import { billingRoutes } from './billing-routes';
import { sweepExpiredSessions } from './checkout';
import { checkoutRoutes } from './checkout-routes';
import { disputeRoutes } from './dispute-routes';
import { createStripeFaults } from './faults';
import { handleHostedPage } from './hosted-pages';
import { sendJson } from './http-responses';
import { paymentRoutes } from './payment-routes';
import { payoutRoutes } from './payout-routes';
import { runDuePayouts } from './payouts';
import { refundRoutes } from './refund-routes';
import { snapshot, type EmitOptions, type SandboxContext } from './sandbox-context';
import { SandboxStore, newId, type StripeEvent, type StripeObject } from './sandbox-store';
import { SANDBOX_API_VERSION, createStripeApi, type CurrentApiRequest } from './stripe-api';
import { StripeApiError } from './stripe-error';
import { testClockRoutes } from './test-clocks';
import { testControlRoutes } from './test-control-routes';
import { createWebhookSender, type WebhookDelivery, type WebhookEndpoint } from './webhook-delivery';
import { createWebhookDrops } from './webhook-drops';
import { webhookRoutes } from './webhook-routes';

const MAX_BODY_BYTES = 1024 * 1024;
const PAYOUT_CHECK_MS = 60 * 60 * 1000;
/** How often open Checkout sessions past their `expires_at` are expired (a read expires one at once). */
const SWEEP_INTERVAL_MS = 5_000;

export interface StripeSandboxOptions {
  /** 0 = one the OS chooses (`url` and `port` say which). */
  port: number;
  /** JSON state file; omitted = in memory. */
  dataPath?: string;
  platformWebhook?: WebhookEndpoint;
  connectWebhook?: WebhookEndpoint;
  log?: (line: string) => void;
}

export interface StripeSandbox {
  url: string;
  port: number;
  /** Every event created so far, oldest first. */
  events(): readonly StripeEvent[];
  /** Every webhook delivery started so far, with its attempts. */
  deliveries(): readonly WebhookDelivery[];
  /** Resolves once every webhook delivery started so far has finished (retries included). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  const log = options.log ?? (() => {});
  const store = new SandboxStore(options.dataPath);
  const webhooks = createWebhookSender(log);
  const drops = createWebhookDrops();
  const faults = createStripeFaults(log);
  const currentRequest: CurrentApiRequest = { id: null, idempotencyKey: null };

  const context: SandboxContext = {
    store,
    // Set once the server listens (below): with port 0 the port is known only then.
    baseUrl: '',
    now: () => Math.floor(Date.now() / 1000),
    emit(type: string, object: StripeObject, { account, previousAttributes, at }: EmitOptions) {
      const event: StripeEvent = {
        id: newId('evt', 24),
        object: 'event',
        api_version: SANDBOX_API_VERSION,
        created: at ?? context.now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: currentRequest.id, idempotency_key: currentRequest.idempotencyKey },
        type,
        data: { object: snapshot(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
        ...(account ? { account } : {}),
      };
      store.addEvent(event);
      // Stripe sends Connect events (about objects on connected accounts) only to Connect endpoints.
      const configured = account ? options.connectWebhook : options.platformWebhook;
      // Stripe sends an endpoint only the types it is subscribed to.
      const endpoint = configured?.enabledEvents && !configured.enabledEvents.includes(type) ? undefined : configured;
      if (endpoint && drops.take(type)) log(`stripe-sandbox: ${type} ${event.id} dropped (test control)`);
      else if (endpoint) setImmediate(() => webhooks.send(event, endpoint));
    },
  };

  const api = createStripeApi({
    context,
    faults,
    currentRequest,
    routes: [
      ...accountRoutes(context),
      ...checkoutRoutes(context),
      ...paymentRoutes(context),
      ...refundRoutes(context),
      ...disputeRoutes(context),
      ...payoutRoutes(context),
      ...billingRoutes(context),
      ...testClockRoutes(context),
      ...webhookRoutes(context),
      ...testControlRoutes(context, drops, faults),
    ],
  });

  // The client closes idle keep-alive sockets, never the server: a server timeout (and the `Keep-Alive:
  // timeout` hint it sends) lets a busy client race a request onto a socket the server is closing, an
  // ECONNRESET under load. Without the hint undici drops idle sockets after 4 s; stop() closes the rest.
  const server = http.createServer({ keepAliveTimeout: 0 }, (request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', context.baseUrl);
      try {
        if (size > MAX_BODY_BYTES) {
          return sendJson(
            response,
            413,
            new StripeApiError(400, 'invalid_request_error', 'Request too large.').toBody(),
          );
        }
        if (url.pathname.startsWith('/v1/') || url.pathname.startsWith('/_emu/')) {
          return api.handle(request, response, url, body);
        }
        handleHostedPage(context, request, response, url, body);
      } catch (error) {
        // A bug in the sandbox: say so plainly with a 4xx, since the SDK would retry a 5xx.
        log(`stripe-sandbox: ${request.method} ${url.pathname} failed: ${(error as Error).stack ?? String(error)}`);
        if (!response.headersSent) {
          sendJson(response, 400, {
            error: { type: 'invalid_request_error', message: `Stripe sandbox error: ${(error as Error).message}` },
          });
        }
      }
    });
  });

  // Stripe expires a session at its `expires_at` whether or not anyone looks at it, and sends the event then.
  const sweeper = setInterval(() => sweepExpiredSessions(context), SWEEP_INTERVAL_MS);
  sweeper.unref();

  const port = await listenOn(server, options.port);
  const baseUrl = `http://${LOOPBACK}:${port}`;
  context.baseUrl = baseUrl;
  log(`stripe-sandbox: listening on ${baseUrl}`);
  // Stripe's automatic daily payouts: checked hourly, so a long `npm start` pays out what became available.
  const dailyPayouts = setInterval(() => {
    const payouts = runDuePayouts(context);
    if (payouts.length) store.save();
  }, PAYOUT_CHECK_MS);
  dailyPayouts.unref();

  return {
    url: baseUrl,
    port,
    events: () => store.events(),
    deliveries: () => webhooks.deliveries,
    settled: () => webhooks.settled(),
    async stop() {
      clearInterval(dailyPayouts);
      clearInterval(sweeper);
      api.releaseHeld();
      await closeServer(server);
      await webhooks.stop();
      store.save();
    },
  };
}
