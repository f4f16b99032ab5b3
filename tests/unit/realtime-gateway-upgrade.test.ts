/**
 * The local WebSocket API's upgrade (infra/local/gateway/realtime.ts) while its `$connect` authorizer runs: a
 * browser that goes away then (a test's page closing as the dashboard connects) resets the connection. Node's
 * HTTP server stops handling errors on a socket it hands to 'upgrade', so until the gateway hands it to `ws`, the
 * reset was an unhandled 'error' that ended the process the runtime runs in (the browser suite's, once).
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FunctionSpec } from '@functions/function-spec';
import { registerInvoker } from '@infra/local/function-loader';
import { REALTIME_PATH, attachRealtimeGateway, type RealtimeGateway } from '@infra/local/gateway/realtime';
import { LOOPBACK } from '@infra/local/ports';

const authorizer: FunctionSpec = {
  name: 'test-held-authorizer',
  description: 'test only: allows, once the test lets it',
  entry: 'none',
  webSocketAuthorizer: true,
};
const connections: FunctionSpec = {
  name: 'test-connections',
  description: 'test only: records the routes it is asked',
  entry: 'none',
  webSocketRoutes: ['$connect', '$disconnect'],
};

let server: http.Server;
let gateway: RealtimeGateway;
let port: number;
/** Each route the gateway asked for, with its connection's id. */
const routed: { routeKey: string; connectionId: string }[] = [];
/** While set, that step says it started and waits for the test to let it answer. */
let hold: { at: 'authorizer' | '$connect'; started: () => void; answer: Promise<void> } | undefined;

async function held(at: 'authorizer' | '$connect') {
  if (hold?.at !== at) return;
  hold.started();
  await hold.answer;
}
const undo: (() => void)[] = [];

beforeAll(async () => {
  undo.push(
    registerInvoker(authorizer, async () => {
      await held('authorizer');
      return { principalId: 'merchant', policyDocument: { Statement: [{ Effect: 'Allow' }] } };
    }),
    registerInvoker(connections, async (event) => {
      const { routeKey, connectionId } = (event as { requestContext: { routeKey: string; connectionId: string } })
        .requestContext;
      routed.push({ routeKey, connectionId });
      if (routeKey === '$connect') await held('$connect');
      return { statusCode: 200 };
    }),
  );
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  port = (server.address() as net.AddressInfo).port;
  gateway = attachRealtimeGateway(server, {
    functions: [authorizer, connections],
    port,
    url: `http://${LOOPBACK}:${port}`,
  });
});

afterAll(async () => {
  gateway?.stop();
  await new Promise((resolve) => server?.close(resolve));
  for (const restore of undo) restore();
});

/** A WebSocket handshake written by hand, so the test can reset the connection in the middle of it. */
function handshake(): string {
  return [
    `GET ${REALTIME_PATH}?token=t HTTP/1.1`,
    `Host: ${LOOPBACK}:${port}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    '',
    '',
  ].join('\r\n');
}

/** A browser that starts the handshake and resets its connection while `at` runs; back once the server saw it. */
async function resetWhile(at: 'authorizer' | '$connect') {
  const serverSockets: net.Socket[] = [];
  const onConnection = (socket: net.Socket) => serverSockets.push(socket);
  server.on('connection', onConnection);
  let started!: () => void;
  let answer!: () => void;
  const reached = new Promise<void>((resolve) => (started = resolve));
  hold = { at, started, answer: new Promise<void>((resolve) => (answer = resolve)) };
  try {
    const browser = net.connect(port, LOOPBACK);
    browser.on('error', () => {});
    browser.write(handshake());
    await reached;
    const serverSide = serverSockets[0]!;
    const serverSideClosed = new Promise((resolve) => serverSide.once('close', resolve));
    // A reset, as a closing tab's socket: the server's read fails with ECONNRESET.
    browser.resetAndDestroy();
    await serverSideClosed;
  } finally {
    hold = undefined;
    answer();
    server.off('connection', onConnection);
  }
}

/** A browser that connects and closes as the dashboard does; the routes for its connection. */
async function connectAndClose() {
  const before = routed.length;
  const socket = new WebSocket(`ws://${LOOPBACK}:${port}${REALTIME_PATH}?token=t`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.close();
  await new Promise((resolve) => socket.once('close', resolve));
  await expect.poll(() => routed.length).toBe(before + 2);
  return routed.slice(before).map((route) => route.routeKey);
}

it('a browser that resets its socket while the authorizer runs takes nothing down, and is not connected', async () => {
  routed.length = 0;
  await resetWhile('authorizer');
  // The gateway still upgrades the next browser, and only that one was connected.
  expect(await connectAndClose()).toEqual(['$connect', '$disconnect']);
  expect(routed.map((route) => route.routeKey)).toEqual(['$connect', '$disconnect']);
});

it('a browser that resets its socket while $connect runs is disconnected, as any connection that ends', async () => {
  routed.length = 0;
  await resetWhile('$connect');
  await expect.poll(() => routed.map((route) => route.routeKey)).toEqual(['$connect', '$disconnect']);
  expect(new Set(routed.map((route) => route.connectionId)).size).toBe(1);
  expect(await connectAndClose()).toEqual(['$connect', '$disconnect']);
});
