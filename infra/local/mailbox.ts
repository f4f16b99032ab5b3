/** aws-ses-v2-local: SES on one machine. Sent mail is kept in memory and shown at its web page. */
import { createRequire } from 'node:module';
import type sesLocalServer from 'aws-ses-v2-local';
import { LOOPBACK, closeServer } from './ports';

// A CommonJS module whose `exports.default` is the server; require() reads it the same under tsx and vitest.
const sesLocal = createRequire(import.meta.url)('aws-ses-v2-local').default as typeof sesLocalServer;

export interface LocalMailbox {
  /** Both the SES endpoint and the mailbox's web view. */
  url: string;
  stop(): Promise<void>;
}

export async function startLocalMailbox(options: { port: number }): Promise<LocalMailbox> {
  const server = await sesLocal({ host: LOOPBACK, port: options.port });
  return { url: `http://${LOOPBACK}:${options.port}`, stop: () => closeServer(server) };
}
