import { magicLinkRequestSchema, magicLinkResponseSchema } from '@shared/contracts/auth';
import { apiSend } from '@web/lib/api-client';

/** POST /api/auth/magic-link: always 202, whether or not the account exists (docs/decisions.md #17). */
export function requestMagicLink(email: string) {
  return apiSend('POST', '/api/auth/magic-link', magicLinkRequestSchema.parse({ email }), magicLinkResponseSchema);
}
