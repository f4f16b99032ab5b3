/**
 * The dashboard's realtime socket in tests, opened as the browser opens it: the token, and the business it
 * looks at (none: the person's own) as query parameters. Shared by the team and invited-person suites.
 */
import WebSocket from 'ws';
import type { TestRuntime } from '../integration/harness';

export interface OpenSocket {
  socket: WebSocket;
  messages: unknown[];
  closed: boolean;
}

/** Resolves once open; rejects with `refused: <status>` when the authorizer refuses it. */
export function openSocket(env: TestRuntime, token: string, business?: string): Promise<OpenSocket> {
  const url = new URL(env.runtime.gateway.realtimeUrl);
  url.searchParams.set('token', token);
  if (business) url.searchParams.set('business', business);
  const socket = new WebSocket(url);
  const open: OpenSocket = { socket, messages: [], closed: false };
  socket.on('message', (data) => open.messages.push(JSON.parse(data.toString())));
  socket.on('close', () => {
    open.closed = true;
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(open));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    socket.once('error', reject);
  });
}
