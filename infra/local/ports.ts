/**
 * Every port the local runtime listens on, each overridable by its own environment variable, and a
 * check that tells a person which variable to change when a port is taken.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';

export const PORT_VARIABLES = {
  app: { variable: 'PAYLINK_APP_PORT', default: 5173 },
  gateway: { variable: 'PAYLINK_GATEWAY_PORT', default: 4010 },
  dynamodb: { variable: 'PAYLINK_DYNAMODB_PORT', default: 4011 },
  cognito: { variable: 'PAYLINK_COGNITO_PORT', default: 4012 },
  mailbox: { variable: 'PAYLINK_MAILBOX_PORT', default: 4013 },
  eventBus: { variable: 'PAYLINK_EVENTBUS_PORT', default: 4014 },
  stripe: { variable: 'PAYLINK_STRIPE_PORT', default: 4015 },
} as const;

export type PortName = keyof typeof PORT_VARIABLES;
export type Ports = Record<PortName, number>;

export const LOOPBACK = '127.0.0.1';

export class PortTakenError extends Error {
  constructor(
    readonly port: number,
    readonly variable: string,
  ) {
    super(
      `Port ${port} is already in use. Stop whatever holds it, or choose another port: ${variable}=<port> npm start`,
    );
  }
}

/** The configured ports: each from its variable, else its default. */
export function configuredPorts(env: NodeJS.ProcessEnv = process.env): Ports {
  const entries = Object.entries(PORT_VARIABLES).map(([name, { variable, default: fallback }]) => {
    const raw = env[variable];
    const port = raw === undefined || raw === '' ? fallback : Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`${variable} must be a port number between 1 and 65535 (got "${raw}")`);
    }
    return [name, port];
  });
  return Object.fromEntries(entries) as Ports;
}

/** Resolves when `port` is free on the loopback address; rejects with PortTakenError otherwise. */
export function assertPortFree(port: number, variable: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? new PortTakenError(port, variable) : error),
    );
    probe.listen(port, LOOPBACK, () => probe.close(() => resolve()));
  });
}

/**
 * A port the OS says is free right now (from its port-0 range): between the probe closing and anyone listening
 * on it, someone else may take it. Servers in this process listen on port 0 instead (`anyPorts`, `listenOn`);
 * a process told its ports before it starts gets them from `freePortsBelowEphemeralRange`.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, LOOPBACK, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Ports free right now and below the range the OS hands out for port 0 (Linux's
 * net.ipv4.ip_local_port_range, 32768 by default): for a process that must come back on the same ports after
 * it dies (tests/chaos/sigkill-restart.test.ts). A freed port inside that range can be given to any runtime
 * booting beside it on port 0 before the restart listens again (seen once in CI as EADDRINUSE); one below it
 * is never handed out that way.
 */
export async function freePortsBelowEphemeralRange(): Promise<Ports> {
  const ephemeralStart = ephemeralRangeStart();
  const lowest = Math.max(1024, ephemeralStart - 12_000);
  const chosen = new Set<number>();
  for (const _ of Object.keys(PORT_VARIABLES)) {
    for (;;) {
      const port = lowest + Math.floor(Math.random() * (ephemeralStart - lowest));
      if (!chosen.has(port) && (await isFree(port))) {
        chosen.add(port);
        break;
      }
    }
  }
  const ports = [...chosen];
  return Object.fromEntries(Object.keys(PORT_VARIABLES).map((name, index) => [name, ports[index]])) as Ports;
}

function ephemeralRangeStart(): number {
  try {
    const start = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(start) && start > 2048 ? start : 32768;
  } catch {
    return 32768;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, LOOPBACK, () => probe.close(() => resolve(true)));
  });
}

/**
 * Port 0 for every service: each server lets the OS choose as it listens and reports the port it got, so
 * runtimes booting side by side (two test files at once, docs/decisions.md #72) can never pick the same one.
 */
export function anyPorts(): Ports {
  return Object.fromEntries(Object.keys(PORT_VARIABLES).map((name) => [name, 0])) as Ports;
}

/** Listens on the loopback address (port 0 = one the OS chooses) and resolves with the port it got. */
export function listenOn(server: net.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

/** Resolves once a server has stopped listening, closing its idle keep-alive sockets first. */
export function closeServer(server: { close(cb: (err?: Error) => void): void; closeAllConnections?: () => void }) {
  return new Promise<void>((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}
