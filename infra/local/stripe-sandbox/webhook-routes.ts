/** `/v1/webhook_endpoints` and `/v1/events`: where events go, and the events themselves read back. */
import type { ApiRoute } from './api-route';
import type { SandboxContext } from './sandbox-context';
import { noSuchObject } from './stripe-error';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  retrieveWebhookEndpoint,
  updateWebhookEndpoint,
} from './webhook-endpoints';

export function webhookRoutes(context: SandboxContext): ApiRoute[] {
  return [
    {
      method: 'GET',
      pattern: /^\/v1\/events\/([^/]+)$/,
      handle: ({ match, account }) => {
        const event = context.store.events().find((candidate) => candidate.id === match[1]);
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
  ];
}
