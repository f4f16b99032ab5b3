/**
 * The security headers the local gateway sends on every answer, as CloudFront's response-headers policy
 * adds them in the cloud: the same definition (infra/security-headers.ts), with the hosts the app talks to
 * locally (cognito-local, the gateway's own WebSocket) and without what needs https (HSTS, upgrading
 * requests). docs/decisions.md #70.
 */
import type http from 'node:http';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';
import { securityHeaders } from '../security-headers';

export function localSiteSecurityHeaders(
  config: Pick<RuntimeConfig, 'userPoolEndpoint' | 'realtimeUrl'>,
  gatewayUrl: string,
): Record<string, string> {
  return securityHeaders({
    cognito: new URL(config.userPoolEndpoint ?? gatewayUrl).origin,
    realtime: new URL(config.realtimeUrl).origin,
    https: false,
  });
}

/** Sets the headers before anything else writes to the response, so every route carries them. */
export function setSiteSecurityHeaders(response: http.ServerResponse, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
}
