import * as z from 'zod/mini';

/** The body of every 4xx/5xx answer from our own handlers. `code` is for programs, `message` for people. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Per-field messages when a request body failed validation. */
  fields: z.optional(z.record(z.string(), z.string())),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** What a rate-limited client gets (429), from the cloud's WAF and the local gateway alike. */
export const RATE_LIMITED_CODE = 'rate_limited';
export const RATE_LIMITED_MESSAGE = 'Too many requests from your network. Please wait a minute and try again.';
