/**
 * The local API Gateway WebSocket API: upgrades on `/realtime` pass the catalogue's `$connect` authorizer
 * and `$connect` route, messages go to `$default`, closes to `$disconnect`, and the management API
 * (PostToConnection, DeleteConnection) that the notify consumers call answers on the same server.
 */
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { FunctionSpec } from '@functions/function-spec';
import { invoke } from '../function-loader';
import { LOOPBACK } from '../ports';
import { sendJson } from './cloudfront-delivery';
import { headerMap, queryParameters, readBody } from './http-api-event';

export const REALTIME_PATH = '/realtime';
/** Where the management API lives; the SDK appends `/@connections/{id}`. */
export const REALTIME_MANAGEMENT_PATH = '/_realtime';

export interface RealtimeGateway {
  webSocketRoutes: { routeKey: string; functionName: string }[];
  /** PostToConnection: `POST /_realtime/@connections/{id}` with the message as the body. */
  handleManagement(request: http.IncomingMessage, response: http.ServerResponse, pathname: string): Promise<void>;
  stop(): void;
}

/** Serves the WebSocket API on `server`'s upgrades. */
export function attachRealtimeGateway(
  server: http.Server,
  options: { functions: readonly FunctionSpec[]; port: number; url: string; log?: (line: string) => void },
): RealtimeGateway {
  const sockets = new Map<string, WebSocket>();
  const webSocketRoutes = options.functions.flatMap((fn) =>
    (fn.webSocketRoutes ?? []).map((routeKey) => ({ routeKey, fn })),
  );
  const webSocketAuthorizer = options.functions.find((fn) => fn.webSocketAuthorizer);
  const webSockets = new WebSocketServer({ noServer: true });

  function webSocketEvent(routeKey: string, eventType: string, connectionId: string, extra: object = {}) {
    const now = new Date();
    return {
      requestContext: {
        routeKey,
        eventType,
        connectionId,
        apiId: 'local',
        domainName: `${LOOPBACK}:${options.port}`,
        stage: 'local',
        requestId: crypto.randomUUID(),
        requestTimeEpoch: now.getTime(),
        connectedAt: now.getTime(),
        ...extra,
      },
      isBase64Encoded: false,
    };
  }

  async function routeWebSocket(routeKey: string, event: object) {
    const target = webSocketRoutes.find((route) => route.routeKey === routeKey);
    if (!target) return { statusCode: 200 };
    return (await invoke(target.fn, event)) as { statusCode?: number } | undefined;
  }

  server.on('upgrade', (request, socket, head) => {
    // Node's HTTP server stops handling errors on a socket it hands to 'upgrade'. Until `ws` takes this one over,
    // a browser going away while the authorizer runs (a closing tab resets the connection) would be an unhandled
    // 'error', which ends the process the runtime runs in.
    socket.on('error', () => socket.destroy());
    const requestUrl = new URL(request.url ?? '/', options.url);
    if (requestUrl.pathname !== REALTIME_PATH) return socket.destroy();
    const connectionId = Buffer.from(crypto.randomUUID()).toString('base64url').slice(0, 16);
    const refuse = (status: number) => {
      if (socket.destroyed) return;
      socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
    };
    void (async () => {
      let authorizerContext: Record<string, unknown> = {};
      if (webSocketAuthorizer) {
        const decision = (await invoke(webSocketAuthorizer, {
          type: 'REQUEST',
          methodArn: `arn:aws:execute-api:local:000000000000:local/local/$connect`,
          headers: headerMap(request),
          queryStringParameters: queryParameters(requestUrl.searchParams),
          ...webSocketEvent('$connect', 'CONNECT', connectionId),
        })) as { principalId: string; policyDocument: { Statement: { Effect: string }[] }; context?: object };
        const allowed = decision.policyDocument.Statement.every((statement) => statement.Effect === 'Allow');
        if (!allowed) return refuse(401);
        authorizerContext = { principalId: decision.principalId, ...decision.context };
      }
      // Gone before it was connected: there is no connection to make, so no route to run.
      if (socket.destroyed) return;
      const connected = await routeWebSocket(
        '$connect',
        webSocketEvent('$connect', 'CONNECT', connectionId, { authorizer: authorizerContext }),
      );
      if ((connected?.statusCode ?? 200) >= 300) return refuse(connected?.statusCode ?? 500);
      const disconnect = () =>
        routeWebSocket(
          '$disconnect',
          webSocketEvent('$disconnect', 'DISCONNECT', connectionId, { authorizer: authorizerContext }),
        );
      // Gone while `$connect` ran: the connection it may have recorded ends through `$disconnect`, as any other.
      if (socket.destroyed) {
        await disconnect();
        return;
      }
      webSockets.handleUpgrade(request, socket, head, (webSocket) => {
        sockets.set(connectionId, webSocket);
        webSocket.on('message', (data) => {
          void routeWebSocket('$default', {
            ...webSocketEvent('$default', 'MESSAGE', connectionId, { authorizer: authorizerContext }),
            body: data.toString(),
          }).catch((error) => options.log?.(`realtime message failed: ${error}`));
        });
        webSocket.on('close', () => {
          sockets.delete(connectionId);
          void disconnect().catch((error) => options.log?.(`realtime disconnect failed: ${error}`));
        });
      });
    })().catch((error) => {
      options.log?.(`realtime connect failed: ${error}`);
      refuse(500);
    });
  });

  return {
    webSocketRoutes: webSocketRoutes.map((route) => ({ routeKey: route.routeKey, functionName: route.fn.name })),
    async handleManagement(request, response, pathname) {
      const connectionId = decodeURIComponent(pathname.slice(`${REALTIME_MANAGEMENT_PATH}/@connections/`.length));
      const socket = sockets.get(connectionId);
      if (!socket) {
        return sendJson(response, 410, { message: 'Gone' }, { 'x-amzn-errortype': 'GoneException' });
      }
      if (request.method === 'DELETE') {
        socket.close();
        return sendJson(response, 204, {});
      }
      const body = await readBody(request);
      socket.send(body.toString('utf8'));
      response.writeHead(200).end();
    },
    stop() {
      for (const webSocket of sockets.values()) webSocket.terminate();
      webSockets.close();
    },
  };
}
