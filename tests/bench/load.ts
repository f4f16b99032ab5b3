/**
 * Latency under load: autocannon against the local gateway, bounded — a fixed number of
 * requests over a fixed number of connections, on the loopback interface only. Every answer must be a 2xx
 * (a refusal would be measured as a fast request), or the figure is refused.
 */
import autocannon from 'autocannon';

export interface LoadFigures {
  requests: number;
  connections: number;
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
}

export async function loadLatency(
  target: { url: string; method?: 'GET' | 'POST'; body?: string; bodies?: readonly string[] },
  { requests, connections }: { requests: number; connections: number },
): Promise<LoadFigures> {
  const { hostname } = new URL(target.url);
  let sent = 0;
  if (hostname !== '127.0.0.1' && hostname !== 'localhost')
    throw new Error(`load runs on loopback only: ${target.url}`);
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    ...(target.body !== undefined && { body: target.body, headers: { 'content-type': 'application/json' } }),
    // Each request takes the next of `bodies` in turn.
    ...(target.bodies && {
      headers: { 'content-type': 'application/json' },
      requests: [
        { setupRequest: (request: object) => ({ ...request, body: target.bodies![sent++ % target.bodies!.length] }) },
      ],
    }),
    connections,
    amount: requests,
    timeout: 30,
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) {
    throw new Error(
      `${target.method ?? 'GET'} ${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts under load`,
    );
  }
  return {
    requests: result.requests.sent,
    connections,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: Math.round(result.requests.average),
  };
}
