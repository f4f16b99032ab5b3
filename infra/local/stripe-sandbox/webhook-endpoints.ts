/**
 * Webhook endpoints as Stripe's API keeps them (`/v1/webhook_endpoints`: create, list, retrieve, update,
 * delete), so `npm run stripe:webhooks` is tried against the sandbox before it touches a real account.
 * As on Stripe: `url` and `enabled_events` are required, `connect: true` (create only) makes an endpoint
 * for events on connected accounts, the signing `secret` is answered only by the create, and the object
 * does not show whether it is a Connect endpoint. The sandbox still delivers its events to the runtime's
 * own two endpoints (startStripeSandbox's options); these records are configuration, not delivery targets.
 */
import { randomBytes } from 'node:crypto';
import { metadataParam, optionalBoolean, optionalString, requiredString, type Params } from './form-params';
import { listPage } from './list-page';
import type { SandboxContext } from './sandbox-context';
import { newId, type StripeObject } from './sandbox-store';
import { invalidParameter, missingParameter, noSuchObject } from './stripe-error';

export interface WebhookEndpointObject extends StripeObject {
  object: 'webhook_endpoint';
  api_version: string | null;
  application: string | null;
  created: number;
  description: string | null;
  enabled_events: string[];
  livemode: boolean;
  metadata: Record<string, string>;
  status: 'enabled' | 'disabled';
  url: string;
}

/** What Stripe keeps but does not show after the create. */
interface StoredEndpoint extends WebhookEndpointObject {
  secret: string;
  connect: boolean;
}

/** An event type (`charge.dispute.created`) or `*`, as Stripe's enabled_events accepts. */
const EVENT_TYPE = /^(\*|[a-z_]+(\.[a-z_]+)+)$/;

function enabledEvents(params: Params, required: boolean): string[] | undefined {
  const value = params.enabled_events;
  if (value === undefined || value === '') {
    if (required) throw missingParameter('enabled_events');
    return undefined;
  }
  const entries = Array.isArray(value) ? value : typeof value === 'object' && value ? Object.values(value) : [value];
  entries.forEach((entry, index) => {
    if (typeof entry !== 'string' || !EVENT_TYPE.test(entry)) {
      throw invalidParameter(`enabled_events[${index}]`, `Invalid enabled_events[${index}]: ${String(entry)}`);
    }
  });
  if (entries.length === 0) throw missingParameter('enabled_events');
  return [...new Set(entries as string[])];
}

function urlParam(params: Params, required: boolean): string | undefined {
  const value = required ? requiredString(params, 'url') : optionalString(params, 'url');
  if (value === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw invalidParameter('url', 'Invalid URL: must be an absolute http(s) URL.', 'url_invalid');
  }
  if (!['http:', 'https:'].includes(parsed.protocol)) {
    throw invalidParameter('url', 'Invalid URL: must be an absolute http(s) URL.', 'url_invalid');
  }
  return value;
}

/** The object as the API shows it after the create: no secret, no Connect flag. */
function view(endpoint: StoredEndpoint): WebhookEndpointObject {
  const { secret: _secret, connect: _connect, ...shown } = endpoint;
  return shown;
}

function find(context: SandboxContext, id: string, account: string | null): StoredEndpoint {
  const endpoint = context.store.find<StoredEndpoint>(id, account);
  if (!endpoint || endpoint.object !== 'webhook_endpoint') throw noSuchObject('webhook endpoint', id);
  return endpoint;
}

export function createWebhookEndpoint(context: SandboxContext, params: Params, account: string | null) {
  const endpoint: StoredEndpoint = {
    id: newId('we', 24),
    object: 'webhook_endpoint',
    api_version: optionalString(params, 'api_version') ?? null,
    application: null,
    created: context.now(),
    description: optionalString(params, 'description') ?? null,
    enabled_events: enabledEvents(params, true)!,
    livemode: false,
    metadata: metadataParam(params, 'metadata'),
    status: 'enabled',
    url: urlParam(params, true)!,
    secret: `whsec_${randomBytes(24).toString('base64url')}`,
    connect: optionalBoolean(params, 'connect') ?? false,
  };
  context.store.put(endpoint, account);
  return { ...view(endpoint), secret: endpoint.secret };
}

export function retrieveWebhookEndpoint(context: SandboxContext, id: string, account: string | null) {
  return view(find(context, id, account));
}

/** Newest first, paged with limit / starting_after / ending_before. */
export function listWebhookEndpoints(context: SandboxContext, params: Params, account: string | null) {
  const endpoints = context.store
    .objectsOfKind<StoredEndpoint>('webhook_endpoint', (endpoint) => context.store.accountOf(endpoint.id) === account)
    .reverse()
    .map(view);
  return listPage(endpoints, params, '/v1/webhook_endpoints');
}

/** url, enabled_events, description, disabled and metadata change; `connect` cannot (Stripe refuses it). */
export function updateWebhookEndpoint(context: SandboxContext, id: string, params: Params, account: string | null) {
  const endpoint = find(context, id, account);
  if (params.connect !== undefined) {
    throw invalidParameter('connect', 'Received unknown parameter: connect', 'parameter_unknown');
  }
  const url = urlParam(params, false);
  const events = enabledEvents(params, false);
  const disabled = optionalBoolean(params, 'disabled');
  const description = optionalString(params, 'description');
  if (url !== undefined) endpoint.url = url;
  if (events !== undefined) endpoint.enabled_events = events;
  if (disabled !== undefined) endpoint.status = disabled ? 'disabled' : 'enabled';
  if (description !== undefined) endpoint.description = description;
  endpoint.metadata = metadataParam(params, 'metadata', endpoint.metadata);
  context.store.put(endpoint, account);
  return view(endpoint);
}

export function deleteWebhookEndpoint(context: SandboxContext, id: string, account: string | null) {
  find(context, id, account);
  context.store.remove(id);
  return { id, object: 'webhook_endpoint', deleted: true };
}

/** Test control: whether an endpoint was created with `connect: true` (the API never says). */
export function isConnectEndpoint(context: SandboxContext, id: string): boolean {
  const account = context.store.accountOf(id);
  return account !== undefined && find(context, id, account).connect;
}
