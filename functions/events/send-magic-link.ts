/**
 * `Magic Link Requested` (from POST /api/auth/magic-link): emails a sign-in link if the address is a
 * merchant's, at most once a minute. The per-minute claim also makes a redelivered event a no-op.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { magicLinkRequestedDetailSchema } from '@shared/contracts/auth';
import { magicLinkRequestDeps } from '../adapters/magic-link-deps';
import { log, observed } from '../adapters/observability';
import { requestMagicLink } from '../domain/magic-links';

async function handle(event: EventBridgeEvent<string, unknown>): Promise<void> {
  const parsed = magicLinkRequestedDetailSchema.safeParse(event.detail);
  if (!parsed.success) {
    // Only our own request handler publishes this, after parsing the same schema: a retry cannot fix it.
    log.warn('Malformed magic-link request dropped', { eventId: event.id });
    return;
  }
  await requestMagicLink(parsed.data.email, await magicLinkRequestDeps());
}

export const handler = observed(handle);
