/**
 * The local Stripe: one HTTP server on 127.0.0.1 that the real `stripe` SDK talks to (through its
 * host/port/protocol options), the hosted pages a payer and a merchant click through, and signed
 * webhooks to the platform and Connect endpoints. Which subset it serves: docs/architecture.md, "Local and cloud".
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { LOOPBACK, closeServer } from '../ports';
import {
  cancelAtPeriodEnd,
  cancelNow,
  createCustomerFromParams,
  createPortalSession,
  createPrice,
  endTrial,
  listSubscriptions,
  resumeSubscription,
  retrieve,
  updateSubscription,
  type Subscription,
} from './billing';
import {
  createCheckoutSession,
  expireSession,
  payCheckoutSession,
  refreshExpiry,
  type CheckoutSession,
} from './checkout';
import {
  completeOnboarding,
  createAccount,
  createAccountLink,
  retrieveAccount,
  type Account,
} from './connect-accounts';
import { acceptDispute, closeDispute, listDisputes, openDispute, retrieveDispute } from './disputes';
import { expand } from './expansion';
import { createStripeFaults, faultParams } from './faults';
import { expandParam, parseParams, type Params } from './form-params';
import {
  checkoutPage,
  dashboardPaymentPage,
  messagePage,
  onboardingPage,
  portalPage,
  receiptPage,
} from './hosted-pages';
import { listPage } from './list-page';
import {
  createRefund,
  failRefund,
  listRefunds,
  refundsOfCharge,
  retrieveRefund,
  updateRefund,
  type Charge,
} from './refunds';
import { snapshot, type EmitOptions, type SandboxContext } from './sandbox-context';
import { SandboxStore, newId, type StripeEvent, type StripeObject } from './sandbox-store';
import { StripeApiError, invalidParameter, noSuchObject } from './stripe-error';
import { createWebhookSender, type WebhookDelivery, type WebhookEndpoint } from './webhook-delivery';
import { createWebhookDrops } from './webhook-drops';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  isConnectEndpoint,
  listWebhookEndpoints,
  retrieveWebhookEndpoint,
  updateWebhookEndpoint,
} from './webhook-endpoints';

/** The API version stripe-node 23.1.0 pins; events say it like Stripe's do. */
export const SANDBOX_API_VERSION = '2026-10-28.endive';
const MAX_BODY_BYTES = 1024 * 1024;

export interface StripeSandboxOptions {
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

interface ApiRequest {
  method: string;
  match: RegExpExecArray;
  params: Params;
  account: string | null;
  url: URL;
}

interface ApiRoute {
  method: string;
  pattern: RegExp;
  handle(request: ApiRequest): StripeObject | Record<string, unknown>;
}

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  const log = options.log ?? (() => {});
  const store = new SandboxStore(options.dataPath);
  const webhooks = createWebhookSender(log);
  const drops = createWebhookDrops();
  const faults = createStripeFaults(log);
  /** Requests a `timeout` fault is holding, dropped when the hold ends or the sandbox stops. */
  const held = new Set<{ timer: NodeJS.Timeout; response: http.ServerResponse }>();
  const baseUrl = `http://${LOOPBACK}:${options.port}`;
  /** The API request being handled, named in the events it causes (`event.request`). */
  let currentRequest: { id: string | null; idempotencyKey: string | null } = { id: null, idempotencyKey: null };

  const context: SandboxContext = {
    store,
    baseUrl,
    now: () => Math.floor(Date.now() / 1000),
    emit(type: string, object: StripeObject, { account, previousAttributes }: EmitOptions) {
      const event: StripeEvent = {
        id: newId('evt', 24),
        object: 'event',
        api_version: SANDBOX_API_VERSION,
        created: context.now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: currentRequest.id, idempotency_key: currentRequest.idempotencyKey },
        type,
        data: { object: snapshot(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
        ...(account ? { account } : {}),
      };
      store.addEvent(event);
      // Stripe sends Connect events (about objects on connected accounts) only to Connect endpoints.
      const endpoint = account ? options.connectWebhook : options.platformWebhook;
      if (endpoint && drops.take(type)) log(`stripe-sandbox: ${type} ${event.id} dropped (test control)`);
      else if (endpoint) setImmediate(() => webhooks.send(event, endpoint));
    },
  };

  const subscriptionOf = (request: ApiRequest) =>
    retrieve<Subscription>(context, 'subscription', request.match[1]!, request.account);
  const sessionOf = (request: ApiRequest) =>
    refreshExpiry(
      context,
      retrieve<CheckoutSession>(context, 'checkout.session', request.match[1]!, request.account),
      request.account,
    );
  const retrieveKind = (kind: string) => (request: ApiRequest) =>
    retrieve(context, kind, request.match[1]!, request.account);

  const apiRoutes: ApiRoute[] = [
    { method: 'POST', pattern: /^\/v1\/accounts$/, handle: ({ params }) => createAccount(context, params) },
    { method: 'GET', pattern: /^\/v1\/accounts\/([^/]+)$/, handle: ({ match }) => retrieveAccount(context, match[1]!) },
    { method: 'POST', pattern: /^\/v1\/account_links$/, handle: ({ params }) => createAccountLink(context, params) },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      handle: ({ params, account }) => createCheckoutSession(context, params, account),
    },
    { method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, handle: sessionOf },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      handle: (request) => expireSession(context, sessionOf(request), request.account),
    },
    { method: 'GET', pattern: /^\/v1\/payment_intents\/([^/]+)$/, handle: retrieveKind('payment_intent') },
    { method: 'GET', pattern: /^\/v1\/charges\/([^/]+)$/, handle: retrieveKind('charge') },
    { method: 'GET', pattern: /^\/v1\/balance_transactions\/([^/]+)$/, handle: retrieveKind('balance_transaction') },
    {
      method: 'GET',
      pattern: /^\/v1\/charges\/([^/]+)\/refunds$/,
      handle: ({ match, params, account }) => {
        const chargeId = match[1]!;
        retrieve(context, 'charge', chargeId, account);
        return listPage(refundsOfCharge(context, chargeId, account), params, `/v1/charges/${chargeId}/refunds`);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      handle: ({ params, account }) => createRefund(context, params, account),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds$/,
      handle: ({ params, account }) => listRefunds(context, params, account),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds\/([^/]+)$/,
      handle: ({ match, account }) => retrieveRefund(context, match[1]!, account),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/refunds\/([^/]+)$/,
      handle: ({ match, params, account }) => updateRefund(context, match[1]!, params, account),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/disputes$/,
      handle: ({ params, account }) => listDisputes(context, params, account),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/disputes\/([^/]+)$/,
      handle: ({ match, account }) => retrieveDispute(context, match[1]!, account),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/disputes\/([^/]+)\/close$/,
      handle: ({ match, account }) => acceptDispute(context, match[1]!, account),
    },
    { method: 'GET', pattern: /^\/v1\/application_fees\/([^/]+)$/, handle: retrieveKind('application_fee') },
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      handle: ({ params, account }) => createCustomerFromParams(context, params, account),
    },
    { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, handle: retrieveKind('customer') },
    {
      method: 'POST',
      pattern: /^\/v1\/prices$/,
      handle: ({ params, account }) => {
        // `POST /v1/prices` takes the same fields as Checkout's inline price_data, at the top level.
        return createPrice(context, { price: params }, 'price', account);
      },
    },
    { method: 'GET', pattern: /^\/v1\/prices\/([^/]+)$/, handle: retrieveKind('price') },
    {
      method: 'POST',
      pattern: /^\/v1\/billing_portal\/sessions$/,
      handle: ({ params, account }) => createPortalSession(context, params, account),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions$/,
      handle: ({ params, account }) => listSubscriptions(context, params, account),
    },
    { method: 'GET', pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: subscriptionOf },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (request) => updateSubscription(context, subscriptionOf(request), request.params, request.account),
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (request) => cancelNow(context, subscriptionOf(request), request.account),
    },
    { method: 'GET', pattern: /^\/v1\/invoices\/([^/]+)$/, handle: retrieveKind('invoice') },
    {
      method: 'GET',
      pattern: /^\/v1\/events\/([^/]+)$/,
      handle: ({ match, account }) => {
        const event = store.events().find((candidate) => candidate.id === match[1]);
        if (!event || (event.account ?? null) !== account) throw noSuchObject('event', match[1]!);
        return event;
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/webhook_endpoints$/,
      handle: ({ params, account }) => createWebhookEndpoint(context, params, account),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/webhook_endpoints$/,
      handle: ({ params, account }) => listWebhookEndpoints(context, params, account),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/webhook_endpoints\/([^/]+)$/,
      handle: ({ match, account }) => retrieveWebhookEndpoint(context, match[1]!, account),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/webhook_endpoints\/([^/]+)$/,
      handle: ({ match, params, account }) => updateWebhookEndpoint(context, match[1]!, params, account),
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/webhook_endpoints\/([^/]+)$/,
      handle: ({ match, account }) => deleteWebhookEndpoint(context, match[1]!, account),
    },
    {
      method: 'GET',
      pattern: /^\/_emu\/webhook_endpoints\/([^/]+)$/,
      handle: ({ match }) => ({ id: match[1]!, connect: isConnectEndpoint(context, match[1]!) }),
    },
    {
      method: 'POST',
      pattern: /^\/_emu\/subscriptions\/([^/]+)\/end_trial$/,
      handle: (request) => {
        const subscriptionId = request.match[1]!;
        const account = store.accountOf(subscriptionId) ?? null;
        const subscription = retrieve<Subscription>(context, 'subscription', subscriptionId, account);
        return endTrial(context, subscription, request.url.searchParams.get('fail') === '1', account);
      },
    },
    {
      method: 'POST',
      pattern: /^\/_emu\/refunds\/([^/]+)\/fail$/,
      handle: ({ match, params }) => failRefund(context, match[1]!, params),
    },
    {
      method: 'POST',
      pattern: /^\/_emu\/charges\/([^/]+)\/dispute$/,
      handle: ({ match, params }) => openDispute(context, match[1]!, params),
    },
    {
      method: 'POST',
      pattern: /^\/_emu\/disputes\/([^/]+)\/close$/,
      handle: ({ match, params }) => closeDispute(context, match[1]!, params),
    },
    { method: 'GET', pattern: /^\/_emu\/events$/, handle: () => ({ object: 'list', data: store.events() }) },
    {
      method: 'POST',
      pattern: /^\/_emu\/webhooks\/drop$/,
      handle: ({ params }) => {
        const count = params.count === undefined ? 1 : Number(params.count);
        if (!Number.isInteger(count) || count < 0) throw invalidParameter('count', 'count must be a whole number.');
        const types = String(params.types ?? '')
          .split(',')
          .map((type) => type.trim())
          .filter(Boolean);
        return drops.set(count, types);
      },
    },
    { method: 'DELETE', pattern: /^\/_emu\/webhooks\/drop$/, handle: () => drops.clear() },
    {
      method: 'POST',
      pattern: /^\/_emu\/faults$/,
      handle: ({ params }) => faults.add(params),
    },
    { method: 'GET', pattern: /^\/_emu\/faults$/, handle: () => faults.list() },
    { method: 'DELETE', pattern: /^\/_emu\/faults$/, handle: () => faults.clear() },
    {
      method: 'POST',
      pattern: /^\/_emu\/reset$/,
      handle: () => {
        store.reset();
        return { reset: true };
      },
    },
  ];

  function sendJson(
    response: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  }

  function sendHtml(response: http.ServerResponse, status: number, html: string) {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  }

  function redirect(response: http.ServerResponse, status: 302 | 303, location: string) {
    response.writeHead(status, { location });
    response.end();
  }

  function handleApi(request: http.IncomingMessage, response: http.ServerResponse, url: URL, body: string) {
    const requestId = newId('req', 14);
    const method = request.method ?? 'GET';
    const headers = { 'request-id': requestId, 'stripe-version': SANDBOX_API_VERSION };
    const isTestControl = url.pathname.startsWith('/_emu/');
    const account = isTestControl ? null : (header(request, 'stripe-account') ?? null);
    const idempotencyKey = method === 'GET' || isTestControl ? null : (header(request, 'idempotency-key') ?? null);
    const idempotencyScope = idempotencyKey ? `${account ?? 'platform'}:${idempotencyKey}` : null;
    currentRequest = { id: requestId, idempotencyKey };
    const formParams = { ...parseParams(url.search.slice(1)), ...parseParams(body) };
    const fingerprint = createHash('sha256').update(`${method} ${url.pathname} ${body}`).digest('hex');

    const answer = (status: number, payload: unknown) => {
      if (idempotencyScope) {
        store.rememberResponse(idempotencyScope, {
          method,
          path: url.pathname,
          paramsFingerprint: fingerprint,
          status,
          body: payload,
        });
      }
      store.save();
      sendJson(response, status, payload, headers);
    };

    let params = formParams;
    try {
      if (url.pathname === '/_emu/faults') params = faultParams(body, formParams);
      // An armed fault (test control) fails the request before Stripe would have done anything.
      const fault = isTestControl ? undefined : faults.take(method, url.pathname);
      if (fault?.kind === 'timeout') {
        const hold = {
          response,
          timer: setTimeout(() => {
            held.delete(hold);
            response.destroy();
          }, fault.holdMs),
        };
        held.add(hold);
        return;
      }
      if (fault) return sendJson(response, fault.status, fault.body, headers);
      if (idempotencyScope) {
        const stored = store.idempotentResponse(idempotencyScope);
        if (stored) {
          if (stored.paramsFingerprint !== fingerprint) {
            throw new StripeApiError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            );
          }
          sendJson(response, stored.status, stored.body, { ...headers, 'idempotent-replayed': 'true' });
          return;
        }
      }
      if (!isTestControl) {
        const authorization = header(request, 'authorization') ?? '';
        if (!/^Bearer (sk|rk)_test_\S+$/.test(authorization)) {
          throw new StripeApiError(
            401,
            'authentication_error',
            'Invalid API Key provided. The sandbox accepts any test key (sk_test_…).',
          );
        }
        if (account && !store.find<Account>(account, null)) {
          throw new StripeApiError(
            400,
            'invalid_request_error',
            `The provided key does not have access to account '${account}' (or that account does not exist).`,
            'account_invalid',
          );
        }
      }
      const route = apiRoutes.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
      if (!route) {
        throw new StripeApiError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${method}: ${url.pathname}).`,
        );
      }
      const apiRequest = { method, match: route.pattern.exec(url.pathname)!, params, account, url };
      const result = route.handle(apiRequest);
      const paths = expandParam(params);
      const expanded =
        paths.length && 'id' in result ? expand(context, result as StripeObject, paths, account) : result;
      answer(200, expanded);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      answer(error.status, error.toBody());
    } finally {
      currentRequest = { id: null, idempotencyKey: null };
    }
  }

  function handleCheckoutPage(request: http.IncomingMessage, response: http.ServerResponse, id: string, body: string) {
    const account = store.accountOf(id);
    const session = account === undefined ? undefined : store.find<CheckoutSession>(id, account);
    if (!session || account === undefined) {
      return sendHtml(response, 404, messagePage('Payment page not found', 'This payment page does not exist.'));
    }
    refreshExpiry(context, session, account);
    if (session.status !== 'open') {
      const message =
        session.status === 'complete' ? 'This payment is already complete.' : 'This payment page has expired.';
      return sendHtml(response, 410, messagePage('Payment page closed', message));
    }
    const merchant = account ? store.find<Account>(account, null) : undefined;
    const merchantName = (merchant?.email as string | undefined) ?? account ?? 'Paylink';
    if (request.method !== 'POST') return sendHtml(response, 200, checkoutPage(session, merchantName));
    const form = new URLSearchParams(body);
    const payer = {
      email: form.get('email') ?? '',
      name: form.get('name') ?? '',
      cardNumber: form.get('card_number') ?? '',
    };
    const result = payCheckoutSession(context, session, payer, account);
    store.save();
    if (result.outcome === 'paid') return redirect(response, 303, result.redirectTo);
    sendHtml(response, 402, checkoutPage(session, merchantName, { ...payer, error: result.message }));
  }

  function handleOnboardingPage(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    token: string,
    body: string,
  ) {
    const link = store.accountLink(token);
    if (!link) return sendHtml(response, 404, messagePage('Link not found', 'This onboarding link does not exist.'));
    const expired = link.expiresAt <= context.now();
    const account = store.find<Account>(link.account, null)!;
    if (request.method !== 'POST') {
      // Account links work once: a second visit, or one after five minutes, goes to refresh_url for a new link.
      if (link.state !== 'new' || expired) return redirect(response, 302, link.refreshUrl);
      link.state = 'opened';
      store.save();
      return sendHtml(response, 200, onboardingPage(account.id, account.email as string | null));
    }
    if (link.state !== 'opened') return redirect(response, 303, link.refreshUrl);
    link.state = 'submitted';
    if (new URLSearchParams(body).get('action') === 'complete') completeOnboarding(context, account);
    store.save();
    redirect(response, 303, link.returnUrl);
  }

  function handlePortalPage(request: http.IncomingMessage, response: http.ServerResponse, id: string, body: string) {
    const account = store.accountOf(id);
    const portal = account === undefined ? undefined : store.find(id, account);
    if (!portal || account === undefined) {
      return sendHtml(response, 404, messagePage('Not found', 'This billing portal session does not exist.'));
    }
    const customer = portal.customer as string;
    if (request.method === 'POST') {
      const form = new URLSearchParams(body);
      const subscription = store.find<Subscription>(form.get('subscription') ?? '', account);
      if (!subscription || subscription.customer !== customer) {
        return sendHtml(response, 404, messagePage('Not found', 'That subscription is not on this account.'));
      }
      const action = form.get('action');
      try {
        if (action === 'cancel_at_period_end') cancelAtPeriodEnd(context, subscription, account);
        else if (action === 'cancel_now') cancelNow(context, subscription, account);
        else if (action === 'resume') resumeSubscription(context, subscription, account);
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        return sendHtml(response, 400, messagePage('Could not change the subscription', error.message));
      }
      store.save();
      return redirect(response, 303, `${baseUrl}/portal/${id}`);
    }
    const subscriptions = store.objectsOfKind<Subscription>('subscription', (sub) => sub.customer === customer);
    sendHtml(response, 200, portalPage(subscriptions, portal.return_url as string | null));
  }

  /** Stands in for the payment's page in the merchant's Stripe dashboard ('View in Stripe' on the detail panel). */
  function handleDashboardPaymentPage(response: http.ServerResponse, id: string) {
    const account = store.accountOf(id);
    const intent = account === undefined ? undefined : store.find(id, account);
    if (!intent || intent.object !== 'payment_intent' || account === undefined) {
      return sendHtml(response, 404, messagePage('Not found', 'No payment with this id in the sandbox.'));
    }
    const charge = intent.latest_charge ? store.find<Charge>(intent.latest_charge as string, account) : undefined;
    const refunds = charge ? refundsOfCharge(context, charge.id, account) : [];
    const dispute = charge
      ? store.objectsOfKind('dispute', (candidate) => candidate.charge === charge.id)[0]
      : undefined;
    sendHtml(response, 200, dashboardPaymentPage({ intent, account, charge, refunds, dispute }));
  }

  /** A charge's receipt, where `receipt_url` points (the success page's and the detail panel's 'View Receipt'). */
  function handleReceiptPage(response: http.ServerResponse, id: string) {
    const account = store.accountOf(id);
    const charge = account === undefined ? undefined : store.find<Charge>(id, account);
    if (!charge || charge.object !== 'charge' || account === undefined) {
      return sendHtml(response, 404, messagePage('Not found', 'No receipt with this id in the sandbox.'));
    }
    sendHtml(response, 200, receiptPage(charge, refundsOfCharge(context, charge.id, account)));
  }

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
      const url = new URL(request.url ?? '/', baseUrl);
      const hosted = /^\/(checkout|connect\/onboard|portal|dashboard\/payments|receipts)\/([^/]+)$/.exec(url.pathname);
      try {
        if (size > MAX_BODY_BYTES) {
          return sendJson(
            response,
            413,
            new StripeApiError(400, 'invalid_request_error', 'Request too large.').toBody(),
          );
        }
        if (url.pathname.startsWith('/v1/') || url.pathname.startsWith('/_emu/')) {
          return handleApi(request, response, url, body);
        }
        if (hosted?.[1] === 'checkout') return handleCheckoutPage(request, response, hosted[2]!, body);
        if (hosted?.[1] === 'connect/onboard') return handleOnboardingPage(request, response, hosted[2]!, body);
        if (hosted?.[1] === 'portal') return handlePortalPage(request, response, hosted[2]!, body);
        if (hosted?.[1] === 'dashboard/payments') return handleDashboardPaymentPage(response, hosted[2]!);
        if (hosted?.[1] === 'receipts') return handleReceiptPage(response, hosted[2]!);
        sendHtml(response, 404, messagePage('Not found', 'The Stripe sandbox has no page here.'));
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

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, LOOPBACK, () => resolve());
  });
  log(`stripe-sandbox: listening on ${baseUrl}`);

  return {
    url: baseUrl,
    port: options.port,
    events: () => store.events(),
    deliveries: () => webhooks.deliveries,
    settled: () => webhooks.settled(),
    async stop() {
      for (const hold of held) {
        clearTimeout(hold.timer);
        hold.response.destroy();
      }
      held.clear();
      await closeServer(server);
      await webhooks.stop();
      store.save();
    },
  };
}

function header(request: http.IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
