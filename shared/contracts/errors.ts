import { z } from 'zod';

/** The body of every 4xx/5xx answer from our own handlers. `code` is for programs, `message` for people. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Per-field messages when a request body failed validation. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
