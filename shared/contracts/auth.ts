import * as z from 'zod/mini';
import { emailSchema } from './signup';

/** POST /api/auth/magic-link */
export const magicLinkRequestSchema = z.object({ email: emailSchema });
/** The same answer whether or not the account exists, and whether or not a link was sent this minute. */
export const magicLinkResponseSchema = z.object({ accepted: z.literal(true) });
export type MagicLinkResponse = z.infer<typeof magicLinkResponseSchema>;

/** Event-bus source and detail type of a magic-link request, sent on by the request and acted on by a consumer. */
export const ACCOUNT_EVENT_SOURCE = 'paylink.accounts';
export const MAGIC_LINK_REQUESTED = 'Magic Link Requested';
export const magicLinkRequestedDetailSchema = magicLinkRequestSchema;
export type MagicLinkRequestedDetail = z.infer<typeof magicLinkRequestedDetailSchema>;

/** Minutes a magic link stays valid; one request per email per minute. */
export const MAGIC_LINK_LIFETIME_MINUTES = 15;
export const MAGIC_LINK_REQUEST_INTERVAL_SECONDS = 60;

/**
 * What the browser can read from a magic-link token without verifying it: the email to start the
 * custom-auth sign-in with. The token is `<base64url JSON payload>.<base64url HMAC>`.
 */
export const magicLinkTokenPayloadSchema = z.object({
  email: z.string(),
  /** Expiry, epoch seconds. */
  exp: z.number(),
  nonce: z.string(),
});
export type MagicLinkTokenPayload = z.infer<typeof magicLinkTokenPayloadSchema>;

export function readMagicLinkToken(token: string): MagicLinkTokenPayload | undefined {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return undefined;
  try {
    const base64 = payload.replaceAll('-', '+').replaceAll('_', '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const parsed = magicLinkTokenPayloadSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Query/fragment parameters of the links Paylink emails. */
export const VERIFY_EMAIL_PATH = '/verify-email';
export const RESET_PASSWORD_PATH = '/reset-password';
export const MAGIC_LINK_PATH = '/auth/magic';
