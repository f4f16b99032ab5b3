/**
 * A request from a chosen loopback address (127.0.0.0/8 is all this machine's): the way a test speaks as
 * several clients, now that the local gateway, like CloudFront, takes the client's address from the
 * connection and not from a header the client wrote.
 */
import http from 'node:http';

export async function fetchFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; json(): Promise<unknown>; text(): Promise<string> }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, localAddress },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            json: () => Promise.resolve(JSON.parse(body) as unknown),
            text: () => Promise.resolve(body),
          });
        });
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

/**
 * The `index`th client's own loopback address (127.0.1.2 onwards; 127.0.0.1 is every plain request's): for a
 * test that plays many payers, each one client as the edge tells them apart (docs/decisions.md #168).
 */
export function clientAddress(index: number): string {
  return `127.0.${1 + Math.floor(index / 250)}.${(index % 250) + 2}`;
}
