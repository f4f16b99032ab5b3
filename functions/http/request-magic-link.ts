/**
 * POST /api/auth/magic-link. Whether the email belongs to a merchant must not show in the answer or in how
 * long it takes (docs/decisions.md #17), so this function reads nothing: it hands the request to the bus and
 * answers 202. send-magic-link looks the merchant up and emails the link.
 */
import {
  ACCOUNT_EVENT_SOURCE,
  MAGIC_LINK_REQUESTED,
  magicLinkRequestSchema,
  type MagicLinkRequestedDetail,
  type MagicLinkResponse,
} from '@shared/contracts/auth';
import { publishEvent } from '../adapters/event-publisher';
import { httpHandler, jsonBody } from './http-handler';

export const handler = httpHandler(async (event) => {
  const { email } = magicLinkRequestSchema.parse(jsonBody(event));
  const detail: MagicLinkRequestedDetail = { email };
  await publishEvent(ACCOUNT_EVENT_SOURCE, MAGIC_LINK_REQUESTED, detail);
  const body: MagicLinkResponse = { accepted: true };
  return { status: 202, body };
});
