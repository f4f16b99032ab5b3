/** Every few minutes: closes realtime sockets whose token has expired, so none outlives the sign-in that opened it. */
import { connectionPusher } from '../adapters/connection-pusher';
import { connectionStore } from '../adapters/connection-store';
import { closeExpiredConnections } from '../domain/connections';

export async function handler(): Promise<void> {
  const closed = await closeExpiredConnections(connectionStore, connectionPusher, new Date());
  if (closed > 0)
    console.log(JSON.stringify({ level: 'info', message: 'Expired realtime connections closed', closed }));
}
