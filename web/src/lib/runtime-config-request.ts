/**
 * How /config.json is asked for, shared by lib/runtime-config and the dashboard's entry, which may start
 * it before the app has loaded (lib/early-reads.ts). Dependency-free: it is part of the entry.
 */
export const RUNTIME_CONFIG_PATH = '/config.json';

// no-cache: revalidate with the server, so a redeploy's new config is never shadowed by a stale copy.
export const RUNTIME_CONFIG_REQUEST: RequestInit = { cache: 'no-cache', headers: { Accept: 'application/json' } };
