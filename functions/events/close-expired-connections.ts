/** Every few minutes: closes realtime sockets whose token has expired, so none outlives the sign-in that opened it. */
import { connectionPusher } from '../adapters/connection-pusher';
import { connectionStore } from '../adapters/connection-store';
import { closeExpiredConnections } from '../domain/connections';
import { log, observed } from '../adapters/observability';

async function handle(): Promise<void> {
  const closed = await closeExpiredConnections(connectionStore, connectionPusher, new Date());
  if (closed > 0) log.info('Expired realtime connections closed', { closed });
}

export const handler = observed(handle);
