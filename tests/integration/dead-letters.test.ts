/**
 * No event is dropped silently, locally either: a consumer that throws on every delivery leaves, after the
 * bus's retries, a dead letter on disk (and one console line); `npm run replay-dead-letters` re-drives it
 * through the same consumer — via the running runtime's bus port, or by booting the runtime on the same
 * data when none is running — and removes it once the consumer succeeds.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FunctionSpec } from '@functions/function-spec';
import { PAYLINK_BUS_NAME } from '@infra/local/event-bus';
import { anyPorts, type Ports } from '@infra/local/ports';
import { replayLocalDeadLetters } from '@infra/local/replay-dead-letters';
import { DEAD_LETTERS_DIRECTORY, startLocalRuntime, type LocalRuntime } from '@infra/local/runtime';
import { attempts, fault, handled } from './fixtures/failing-consumer';

const SOURCE = 'paylink.test.dead-letters';
const failingConsumer: FunctionSpec = {
  name: 'failing-consumer',
  description: 'Test fixture: a consumer that throws while its fault is on.',
  entry: 'tests/integration/fixtures/failing-consumer.ts',
  rules: [{ source: SOURCE, detailTypes: ['Probe'] }],
};
const functions = [failingConsumer];

let dataDirectory: string;
let runtime: LocalRuntime | undefined;
let ports: Ports;
const logLines: string[] = [];
const deadLetterFiles = () => {
  try {
    return readdirSync(path.join(dataDirectory, DEAD_LETTERS_DIRECTORY)).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
};

async function publishProbe(bus: LocalRuntime['bus']): Promise<string> {
  const client = new EventBridgeClient({
    endpoint: bus.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const { Entries } = await client.send(
    new PutEventsCommand({
      Entries: [{ EventBusName: PAYLINK_BUS_NAME, Source: SOURCE, DetailType: 'Probe', Detail: '{"n":1}' }],
    }),
  );
  client.destroy();
  await bus.settled();
  return Entries![0]!.EventId!;
}

beforeAll(async () => {
  dataDirectory = mkdtempSync(path.join(os.tmpdir(), 'paylink-dead-letters-'));
  runtime = await startLocalRuntime({
    ports: anyPorts(),
    dataDirectory,
    functions,
    log: (line) => logLines.push(line),
  });
  // The bus the replays below find running.
  ports = runtime.ports;
});
afterAll(async () => {
  await runtime?.stop();
  rmSync(dataDirectory, { recursive: true, force: true });
});
beforeEach(() => {
  fault.on = true;
});

describe('local dead letters', () => {
  it('keeps a delivery that failed after its retries on disk, and says so once in the console', async () => {
    const eventId = await publishProbe(runtime!.bus);
    expect(attempts.filter((id) => id === eventId)).toHaveLength(3);

    const files = deadLetterFiles();
    expect(files).toHaveLength(1);
    const letter = JSON.parse(readFileSync(path.join(dataDirectory, DEAD_LETTERS_DIRECTORY, files[0]!), 'utf8'));
    expect(letter).toMatchObject({
      functionName: 'failing-consumer',
      attempts: 3,
      replays: 0,
      error: expect.stringContaining('consumer fault injected by the test'),
      event: { id: eventId, source: SOURCE, 'detail-type': 'Probe', detail: { n: 1 } },
    });
    const lines = logLines.filter((line) => line.includes(eventId));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^dead letter: Probe .* → failing-consumer failed 3 times: .*consumer fault/);
    expect(lines[0]).toContain(path.join(DEAD_LETTERS_DIRECTORY, files[0]!));
  });

  it('keeps it while the consumer still fails, and re-drives it through the running bus once the fault is gone', async () => {
    const [file] = deadLetterFiles();
    const eventId = JSON.parse(readFileSync(path.join(dataDirectory, DEAD_LETTERS_DIRECTORY, file!), 'utf8')).event.id;

    const stillFailing = await replayLocalDeadLetters({ ports });
    expect(stillFailing).toEqual({ replayed: 0, failed: 1, unknownFunction: 0, via: 'running runtime' });
    expect(deadLetterFiles()).toEqual([file]);
    expect(runtime!.bus.deadLetters.list()[0]).toMatchObject({ replays: 1 });

    fault.on = false;
    const replayed = await replayLocalDeadLetters({ ports });
    expect(replayed).toEqual({ replayed: 1, failed: 0, unknownFunction: 0, via: 'running runtime' });
    expect(handled.filter((event) => event.id === eventId)).toHaveLength(1);
    expect(handled.find((event) => event.id === eventId)).toMatchObject({ source: SOURCE, detail: { n: 1 } });
    expect(deadLetterFiles()).toEqual([]);

    // Nothing left: a second replay does nothing.
    expect(await replayLocalDeadLetters({ ports })).toMatchObject({ replayed: 0, failed: 0 });
  });

  it('boots the runtime on the same data to replay when none is running', async () => {
    const eventId = await publishProbe(runtime!.bus);
    expect(deadLetterFiles()).toHaveLength(1);
    await runtime!.stop();
    runtime = undefined;

    fault.on = false;
    const result = await replayLocalDeadLetters({ ports: anyPorts(), dataDirectory, functions });
    expect(result).toEqual({ replayed: 1, failed: 0, unknownFunction: 0, via: 'booted runtime' });
    expect(handled.filter((event) => event.id === eventId)).toHaveLength(1);
    expect(deadLetterFiles()).toEqual([]);
  });
});
