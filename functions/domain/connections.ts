/** A merchant's open realtime sockets. Each lives at most a day (API Gateway closes them after 2 hours anyway). */
export const CONNECTION_LIFETIME_SECONDS = 24 * 60 * 60;

export interface ConnectionRecord {
  connectionId: string;
  merchantId: string;
  connectedAt: string;
  /** Epoch seconds; DynamoDB TTL removes the item eventually, readers ignore it at once. */
  expiresAt: number;
}

export interface ConnectionRepository {
  put(connection: ConnectionRecord): Promise<void>;
  remove(connectionId: string): Promise<void>;
  listByMerchant(merchantId: string): Promise<ConnectionRecord[]>;
}

export interface ConnectionPusher {
  /** Sends one message; resolves false when the connection is gone. */
  push(connectionId: string, message: unknown): Promise<boolean>;
}

export function newConnection(connectionId: string, merchantId: string, now: Date): ConnectionRecord {
  return {
    connectionId,
    merchantId,
    connectedAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + CONNECTION_LIFETIME_SECONDS,
  };
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
  const live = (await repo.listByMerchant(merchantId)).filter((connection) => connection.expiresAt > nowSeconds);
  const delivered = await Promise.all(
    live.map(async ({ connectionId }) => {
      const ok = await pusher.push(connectionId, message);
      if (!ok) await repo.remove(connectionId);
      return ok;
    }),
  );
  return delivered.filter(Boolean).length;
}
