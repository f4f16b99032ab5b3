import * as z from 'zod/mini';

/**
 * `/config.json`, written beside the SPA by the CDK stack or served by the local runtime, so that one
 * build of the web app runs against any deployment. Nothing secret belongs here: the browser reads it.
 */
export const runtimeConfigSchema = z.object({
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Set only for the local runtime: cognito-local's URL (Amplify's `userPoolEndpoint`). */
  userPoolEndpoint: z.optional(z.string()),
  /** WebSocket URL for realtime payment updates. */
  realtimeUrl: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
