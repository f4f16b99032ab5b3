import { runtimeConfigSchema, type RuntimeConfig } from '@shared/contracts/runtime-config';

const RUNTIME_CONFIG_PATH = '/config.json';
// no-cache: revalidate with the server, so a redeploy's new config is never shadowed by a stale copy.
const RUNTIME_CONFIG_REQUEST: RequestInit = { cache: 'no-cache', headers: { Accept: 'application/json' } };

let pendingConfig: Promise<RuntimeConfig> | undefined;

/**
 * The deployment's settings from `/config.json`, fetched once per page load. One build of the SPA runs
 * against any deployment because these are read at runtime, not baked in at build time.
 */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pendingConfig ??= fetchRuntimeConfig().catch((error: unknown) => {
    // A failed load is not cached, so a retry (e.g. after the network returns) can succeed.
    pendingConfig = undefined;
    throw error;
  });
  return pendingConfig;
}

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_PATH, RUNTIME_CONFIG_REQUEST);
  if (!response.ok) {
    throw new Error(`Could not load /config.json (HTTP ${response.status}).`);
  }
  const parsed = runtimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) {
    throw new Error(`/config.json is not a valid Paylink runtime config: ${parsed.error.message}`);
  }
  return parsed.data;
}
