import * as z from 'zod/mini';
import { emailSchema } from './email-address';

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

/** Six digits from the authenticator app (spaces, as some apps group them, are dropped). */
const authenticatorCodeSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value: string) => value.replace(/\s/g, '')),
  ),
  z.string().check(z.regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')),
);

/**
 * POST /api/me/two-factor (docs/decisions.md #169): on with a code from the newly set-up app; off only with
 * the password and a current code, checked by a fresh sign-in on the server. Either way every session ends.
 */
/** The password, checked by a sign-in on the server (docs/decisions.md #169, #259). */
const passwordSchema = z.string().check(z.minLength(1, 'Enter your password'));

/**
 * On: the password and a code from the newly set-up app; off: the password and a current code. The password
 * lets the server sign in for itself: the browser's token cannot call Cognito's own operations (#259).
 */
export const twoFactorChangeSchema = z.discriminatedUnion('turn', [
  z.object({ turn: z.literal('on'), password: passwordSchema, code: authenticatorCodeSchema }),
  z.object({ turn: z.literal('off'), password: passwordSchema, code: authenticatorCodeSchema }),
]);
export type TwoFactorChange = z.infer<typeof twoFactorChangeSchema>;
export const twoFactorChangeResponseSchema = z.object({ enabled: z.boolean(), signedOut: z.literal(true) });
export type TwoFactorChangeResponse = z.infer<typeof twoFactorChangeResponseSchema>;

/** GET /api/me/two-factor: whether the authenticator app is on, as Paylink records it (#250, #260). */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/me/two-factor/setup: the password; the answer is a new secret for the app (base32). */
export const twoFactorSetupSchema = z.object({ password: passwordSchema });
export const twoFactorSetupResponseSchema = z.object({ secret: z.string() });
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** POST /api/me/sign-out-everywhere's answer: every session of the person ended, this one included. */
export const signOutEverywhereResponseSchema = z.object({ signedOut: z.literal(true) });
export type SignOutEverywhereResponse = z.infer<typeof signOutEverywhereResponseSchema>;
