/**
 * A merchant's open realtime sockets. Each lives no longer than the token that opened it (the browser
 * reconnects with a fresh one), and at most a day (API Gateway closes them after 2 hours anyway).
 */
export const CONNECTION_LIFETIME_SECONDS = 24 * 60 * 60;

export interface ConnectionRecord {
  connectionId: string;
  /** The business the dashboard is looking at (the person's own, or one they are a member of). */
  merchantId: string;
  /** Who opened it (their token's subject); absent on sockets opened before teams (their own business). */
  personId?: string;
  connectedAt: string;
  /** Epoch seconds: the token's expiry (or the lifetime); the socket is closed then, and readers ignore it. */
  expiresAt: number;
}

export interface ConnectionRepository {
  put(connection: ConnectionRecord): Promise<void>;
  remove(connectionId: string): Promise<void>;
  listByMerchant(merchantId: string): Promise<ConnectionRecord[]>;
  /** Connections whose `expiresAt` has passed (a small table: only open dashboards). */
  listExpired(nowSeconds: number): Promise<ConnectionRecord[]>;
}

export interface ConnectionPusher {
  /** Sends one message; resolves false when the connection is gone. */
  push(connectionId: string, message: unknown): Promise<boolean>;
  /** Closes the socket (a connection already gone is fine). */
  disconnect(connectionId: string): Promise<void>;
}

export function newConnection(
  connectionId: string,
  viewer: { businessId: string; personId: string },
  now: Date,
  tokenExpiresAt?: number,
): ConnectionRecord {
  const lifetimeEnd = Math.floor(now.getTime() / 1000) + CONNECTION_LIFETIME_SECONDS;
  return {
    connectionId,
    merchantId: viewer.businessId,
    personId: viewer.personId,
    connectedAt: now.toISOString(),
    expiresAt: tokenExpiresAt === undefined ? lifetimeEnd : Math.min(lifetimeEnd, tokenExpiresAt),
  };
}

/** Closes and forgets connections whose token has expired; answers how many. */
export async function closeExpiredConnections(
  repo: ConnectionRepository,
  pusher: ConnectionPusher,
  now: Date,
): Promise<number> {
  const expired = await repo.listExpired(Math.floor(now.getTime() / 1000));
  await Promise.all(expired.map((connection) => closeConnection(repo, pusher, connection.connectionId)));
  return expired.length;
}

async function closeConnection(repo: ConnectionRepository, pusher: ConnectionPusher, connectionId: string) {
  await pusher.disconnect(connectionId);
  await repo.remove(connectionId);
}

/** Pushes a message to every live connection of one merchant, forgetting the ones that are gone. */
export async function pushToMerchant(
  repo: ConnectionRepository,
  pusher: ConnectionPusher,
  merchantId: string,
  message: unknown,
  now: Date,
): Promise<number> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const connections = await repo.listByMerchant(merchantId);
  const live = connections.filter((connection) => connection.expiresAt > nowSeconds);
  // A socket whose token has expired gets nothing more, only closed (its browser reconnects with a fresh token).
  const expired = connections.filter((connection) => connection.expiresAt <= nowSeconds);
  await Promise.all(expired.map((connection) => closeConnection(repo, pusher, connection.connectionId)));
  const delivered = await Promise.all(
    live.map(async ({ connectionId }) => {
      const ok = await pusher.push(connectionId, message);
      if (!ok) await repo.remove(connectionId);
      return ok;
    }),
  );
  return delivered.filter(Boolean).length;
}

/** The person's sockets on the business (the founder's own sockets from before teams carry no person). */
async function connectionsOfPerson(repo: ConnectionRepository, businessId: string, personId: string) {
  const connections = await repo.listByMerchant(businessId);
  return connections.filter((connection) => (connection.personId ?? connection.merchantId) === personId);
}

/**
 * A member's role or membership changed (docs/decisions.md #196, #197): their open dashboards of that business
 * are told to read everything again, and on a removal then closed — the next read is refused.
 */
export async function tellPersonAccessChanged(
  repo: ConnectionRepository,
  pusher: ConnectionPusher,
  viewer: { businessId: string; personId: string },
  options: { close: boolean },
): Promise<void> {
  const message = { type: 'access.changed', businessId: viewer.businessId };
  for (const connection of await connectionsOfPerson(repo, viewer.businessId, viewer.personId)) {
    const live = await pusher.push(connection.connectionId, message);
    if (options.close || !live) await closeConnection(repo, pusher, connection.connectionId);
  }
}
