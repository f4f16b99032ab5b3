/** aws-ses-v2-local: SES on one machine. Sent mail is kept in memory and shown at its web page. */
import sesLocal from 'aws-ses-v2-local';
import { LOOPBACK, closeServer } from './ports';

export interface LocalMailbox {
  /** Both the SES endpoint and the mailbox's web view. */
  url: string;
  stop(): Promise<void>;
}

export async function startLocalMailbox(options: { port: number }): Promise<LocalMailbox> {
  const server = await sesLocal({ host: LOOPBACK, port: options.port });
  return { url: `http://${LOOPBACK}:${options.port}`, stop: () => closeServer(server) };
}
