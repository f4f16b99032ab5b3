/** The IAM gate's side of HTTP: a request read whole, sent on to its emulator, and an answer written back. */
import http from 'node:http';
import type { GatedRequest } from './iam-request';

export function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Sends the request to the upstream; `answer` receives the upstream's response as it streams. */
export function toUpstream(
  upstream: URL,
  request: GatedRequest,
  body: Buffer,
  answer: (response: http.IncomingMessage) => void,
) {
  return new Promise<void>((resolve, reject) => {
    // The body goes whole (the gate read it, and may have changed it): its length, never chunks.
    const kept = Object.entries(request.headers).filter(([name]) => name !== 'transfer-encoding');
    const headers = { ...Object.fromEntries(kept), 'content-length': String(body.length) };
    const outgoing = http.request(
      { hostname: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers },
      (response) => {
        answer(response);
        response.on('end', resolve);
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export interface Exchange {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The upstream's whole answer to a request whose body the gate changed (its length header follows). */
export async function exchangeWith(upstream: URL, request: GatedRequest, body: Buffer): Promise<Exchange> {
  let exchange: Promise<Exchange> | undefined;
  await toUpstream(upstream, request, body, (response) => {
    exchange = readBody(response).then((answer) => ({
      status: response.statusCode ?? 502,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/x-amz-json-1.1') },
      body: answer.toString('utf8'),
    }));
  });
  return exchange!;
}

export function answerWith(
  response: http.ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string,
) {
  response.writeHead(status, headers);
  response.end(body);
}
