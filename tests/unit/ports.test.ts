import net from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  PORT_VARIABLES,
  PortTakenError,
  anyPorts,
  assertPortFree,
  closeServer,
  configuredPorts,
  freePort,
  listenOn,
} from '@infra/local/ports';

describe('local runtime ports', () => {
  it('uses each variable when set and the default otherwise', () => {
    const ports = configuredPorts({ PAYLINK_APP_PORT: '6000' });
    expect(ports.app).toBe(6000);
    expect(ports.gateway).toBe(PORT_VARIABLES.gateway.default);
  });

  it('rejects a value that is not a port, naming the variable', () => {
    expect(() => configuredPorts({ PAYLINK_GATEWAY_PORT: 'eighty' })).toThrow(/PAYLINK_GATEWAY_PORT/);
    expect(() => configuredPorts({ PAYLINK_GATEWAY_PORT: '70000' })).toThrow(/PAYLINK_GATEWAY_PORT/);
  });

  it('a taken port gets a message naming the variable to change', async () => {
    const port = await freePort();
    const holder = net.createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => holder.once('listening', resolve));
    try {
      const error = await assertPortFree(port, 'PAYLINK_APP_PORT').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PortTakenError);
      expect((error as Error).message).toContain(`Port ${port} is already in use`);
      expect((error as Error).message).toContain('PAYLINK_APP_PORT=<port> npm start');
    } finally {
      holder.close();
    }
  });

  it('a free port passes', async () => {
    await expect(assertPortFree(await freePort(), 'X')).resolves.toBeUndefined();
  });

  it('asks for any port (0) for every service, as the tests boot', () => {
    expect(anyPorts()).toEqual(Object.fromEntries(Object.keys(PORT_VARIABLES).map((name) => [name, 0])));
  });

  it('listens on a port the OS chooses and answers which; servers listening at once each get their own', async () => {
    const servers = Array.from({ length: 8 }, () => net.createServer());
    try {
      const ports = await Promise.all(servers.map((server) => listenOn(server, 0)));
      expect(ports.every((port) => port > 0)).toBe(true);
      expect(new Set(ports).size).toBe(servers.length);
      ports.forEach((port, index) => expect((servers[index]!.address() as net.AddressInfo).port).toBe(port));
    } finally {
      await Promise.all(servers.map((server) => closeServer(server)));
    }
  });

  it('refuses a fixed port that is taken', async () => {
    const holder = net.createServer();
    const port = await listenOn(holder, 0);
    try {
      await expect(listenOn(net.createServer(), port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await closeServer(holder);
    }
  });
});
