/**
 * One realtime socket, kept open: a fresh access token on every (re)connect (so a refreshed token is
 * used), reconnects after 1, 2, 5, then every 10 s, a 10 s limit on opening, and a clean close.
 * Plain TypeScript with its dependencies passed in, so it is tested without a browser or a server.
 */
import { realtimeMessageSchema, type RealtimeMessage } from '@shared/contracts/realtime';

/** Reconnect delays 1, 2, 5, 10 seconds; after the last, every 10 seconds. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** A socket that has not opened in 10 seconds is given up on and tried again. */
export const OPEN_TIMEOUT_MS = 10_000;

/** `connecting`: the first attempt; `live`: open; `reconnecting`: lost, trying again; `offline`: closed for good. */
export type RealtimeStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface RealtimeConnectionOptions {
  /** The socket's base URL (runtime config `realtimeUrl`). */
  getUrl: () => Promise<string>;
  /** The merchant's current access token; `null` when nobody is signed in (the connection then stops). */
  getAccessToken: () => Promise<string | null>;
  onStatus: (status: RealtimeStatus) => void;
  onMessage: (message: RealtimeMessage) => void;
  /** Called after a reconnect, when pushes may have been missed while the socket was down. */
  onReconnected?: () => void;
  createSocket?: (url: string) => WebSocket;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export function reconnectDelayMs(failedAttempts: number): number {
  return RECONNECT_DELAYS_MS[Math.min(failedAttempts, RECONNECT_DELAYS_MS.length - 1)]!;
}

/** A push parsed against its contract; anything else (not JSON, another shape) is `null` and ignored. */
export function parseRealtimeMessage(data: unknown): RealtimeMessage | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = realtimeMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** Opens the socket and keeps it open until `close()`. */
export function openRealtimeConnection(options: RealtimeConnectionOptions): { close: () => void } {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));

  let closed = false;
  let socket: WebSocket | undefined;
  let failedAttempts = 0;
  let everOpened = false;
  let retryTimer: unknown;
  let openTimer: unknown;

  const setStatus = (status: RealtimeStatus) => {
    if (!closed) options.onStatus(status);
  };

  const retry = () => {
    if (closed) return;
    setStatus('reconnecting');
    const delay = reconnectDelayMs(failedAttempts);
    failedAttempts += 1;
    retryTimer = setTimer(() => void connect(), delay);
  };

  async function connect() {
    retryTimer = undefined;
    let url: URL;
    try {
      const [base, token] = await Promise.all([options.getUrl(), options.getAccessToken()]);
      if (closed) return;
      if (!token) {
        // Signed out in the meantime: nothing to connect as.
        options.onStatus('offline');
        closed = true;
        return;
      }
      url = new URL(base);
      url.searchParams.set('token', token);
    } catch {
      // The config or the token could not be read right now (offline, a refresh failed): try again later.
      retry();
      return;
    }

    const current = createSocket(url.toString());
    socket = current;
    openTimer = setTimer(() => current.close(), OPEN_TIMEOUT_MS);
    current.onopen = () => {
      clearTimer(openTimer);
      if (closed || socket !== current) return;
      failedAttempts = 0;
      setStatus('live');
      if (everOpened) options.onReconnected?.();
      everOpened = true;
    };
    current.onmessage = (event: MessageEvent) => {
      if (closed || socket !== current) return;
      const message = parseRealtimeMessage(event.data);
      if (message) options.onMessage(message);
    };
    current.onclose = () => {
      clearTimer(openTimer);
      if (closed || socket !== current) return;
      socket = undefined;
      retry();
    };
  }

  void connect();

  return {
    close() {
      if (closed) return;
      closed = true;
      if (retryTimer !== undefined) clearTimer(retryTimer);
      clearTimer(openTimer);
      socket?.close();
      socket = undefined;
      options.onStatus('offline');
    },
  };
}
