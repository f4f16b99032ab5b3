import { describe, expect, it } from 'vitest';
import {
  OPEN_TIMEOUT_MS,
  openRealtimeConnection,
  parseRealtimeMessage,
  type RealtimeStatus,
} from '@web/lib/realtime/realtime-connection';

/** A WebSocket stand-in the test opens, closes and talks through. */
class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
    this.onclose?.();
  }
}

function harness(tokens: (string | null)[]) {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean; kind: 'open' | 'retry' }[] = [];
  // The open timeout is the timer set right after a socket is created; every other timer is a retry.
  let socketJustCreated = false;
  const statuses: RealtimeStatus[] = [];
  const messages: unknown[] = [];
  let reconnected = 0;
  let tokenCalls = 0;
  const connection = openRealtimeConnection({
    getUrl: async () => 'ws://127.0.0.1:4010/realtime',
    getAccessToken: async () => tokens[Math.min(tokenCalls++, tokens.length - 1)]!,
    onStatus: (status) => statuses.push(status),
    onMessage: (message) => messages.push(message),
    onReconnected: () => (reconnected += 1),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      socketJustCreated = true;
      return socket as unknown as WebSocket;
    },
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false, kind: socketJustCreated ? ('open' as const) : ('retry' as const) };
      socketJustCreated = false;
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      if (timer) (timer as { cleared: boolean }).cleared = true;
    },
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** The reconnect delays scheduled so far (open timeouts left out). */
  const retryDelays = () => timers.filter((timer) => timer.kind === 'retry').map((timer) => timer.ms);
  const runLastRetry = () =>
    timers
      .filter((timer) => timer.kind === 'retry')
      .at(-1)!
      .run();
  return {
    connection,
    sockets,
    timers,
    statuses,
    messages,
    settle,
    retryDelays,
    runLastRetry,
    reconnected: () => reconnected,
  };
}

const payment = { merchantId: 'm1', paymentId: 'pay_1', status: 'succeeded', totalCents: 2750, currency: 'nzd' };

describe('realtime connection', () => {
  it('opens with a fresh token each time and reconnects after 1, 2, 5, 10, 10 s', async () => {
    const h = harness(['token-1', 'token-2', 'token-3', 'token-4', 'token-5', 'token-6']);
    await h.settle();
    expect(h.sockets[0]!.url).toBe('ws://127.0.0.1:4010/realtime?token=token-1');
    expect(h.statuses).toEqual([]);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      h.sockets.at(-1)!.onclose!();
      h.runLastRetry();
      await h.settle();
    }
    expect(h.retryDelays()).toEqual([1_000, 2_000, 5_000, 10_000, 10_000]);
    expect(h.sockets.map((socket) => new URL(socket.url).searchParams.get('token'))).toEqual([
      'token-1',
      'token-2',
      'token-3',
      'token-4',
      'token-5',
      'token-6',
    ]);
    expect(h.statuses.at(-1)).toBe('reconnecting');

    // Once open again the delays start over, and the page is told to re-read what it may have missed.
    h.sockets.at(-1)!.onopen!();
    expect(h.statuses.at(-1)).toBe('live');
    expect(h.reconnected()).toBe(0);
    h.sockets.at(-1)!.onclose!();
    expect(h.retryDelays().at(-1)).toBe(1_000);
    h.runLastRetry();
    await h.settle();
    h.sockets.at(-1)!.onopen!();
    expect(h.reconnected()).toBe(1);
    h.connection.close();
  });

  it('passes on payment pushes and ignores anything else', async () => {
    const h = harness(['token']);
    await h.settle();
    const socket = h.sockets[0]!;
    socket.onopen!();
    socket.onmessage!({ data: 'not json' });
    socket.onmessage!({ data: JSON.stringify({ type: 'something.else' }) });
    socket.onmessage!({ data: JSON.stringify({ type: 'payment.updated', payment: { paymentId: 'pay_1' } }) });
    socket.onmessage!({ data: JSON.stringify({ type: 'payment.updated', payment }) });
    expect(h.messages).toEqual([{ type: 'payment.updated', payment }]);
    expect(parseRealtimeMessage(new ArrayBuffer(2))).toBeNull();
    h.connection.close();
  });

  it('gives up on a socket that has not opened in 10 s, and stops for good when closed', async () => {
    const h = harness(['token']);
    await h.settle();
    const openTimeout = h.timers.find((timer) => timer.kind === 'open')!;
    expect(openTimeout.ms).toBe(OPEN_TIMEOUT_MS);
    openTimeout.run();
    expect(h.sockets[0]!.closed).toBe(true);
    expect(h.statuses).toEqual(['reconnecting']);

    h.connection.close();
    expect(h.statuses.at(-1)).toBe('offline');
    expect(h.timers.filter((timer) => timer.kind === 'retry').every((timer) => timer.cleared)).toBe(true);
  });

  it('stops, offline, when nobody is signed in any more', async () => {
    const h = harness([null]);
    await h.settle();
    expect(h.sockets).toHaveLength(0);
    expect(h.statuses).toEqual(['offline']);
  });
});
