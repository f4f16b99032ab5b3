/**
 * The local bus's dead-letter queue: a delivery that failed after its retries is kept here — one JSON file
 * per dead letter under `.data/dead-letters/` (in memory when the runtime has no data directory, as in
 * most tests) — until `npm run replay-dead-letters` re-drives it through the same consumer. The cloud keeps
 * the same failures in each consumer's SQS dead-letter queue (infra/constructs/event-routing.ts).
 */
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/**
 * The `DeadLetters` metric line, as functions/adapters/observability.ts writes its own (the same
 * namespace, service and dimensions): infra/ may not import a handler's modules, only the catalogue. In
 * the cloud the queue's depth alarm pages instead (infra/constructs/monitoring.ts).
 */
const metrics = new Metrics({ namespace: 'Paylink', serviceName: 'paylink', defaultDimensions: { stage: 'local' } });
function countDeadLetter(functionName: string, eventId: string) {
  const single = metrics.singleMetric();
  single.addMetadata('functionName', functionName);
  single.addMetadata('eventId', eventId);
  single.addMetric('DeadLetters', MetricUnit.Count, 1);
}

export interface DeadLetter {
  /** Unique; on disk, the file's name without `.json`. */
  id: string;
  functionName: string;
  /** The event as the consumer received it (replayed unchanged, so its id still deduplicates). */
  event: { id: string; 'detail-type': string; source: string; detail?: unknown };
  error: string;
  attempts: number;
  failedAt: string;
  /** Replays that failed again. */
  replays: number;
}

export interface DeadLetterStore {
  /** Where they are kept: a directory, or `memory`. */
  location: string;
  add(letter: Omit<DeadLetter, 'id' | 'replays'>): DeadLetter;
  list(): DeadLetter[];
  update(letter: DeadLetter): void;
  remove(id: string): void;
}

function idFor(letter: Omit<DeadLetter, 'id' | 'replays'>): string {
  const stamp = letter.failedAt.replace(/[^0-9]/g, '');
  return `${stamp}-${letter.functionName}-${letter.event.id}`.replace(/[^A-Za-z0-9._-]/g, '_');
}

export function memoryDeadLetterStore(): DeadLetterStore {
  const letters = new Map<string, DeadLetter>();
  return {
    location: 'memory',
    add(partial) {
      const letter = { ...partial, id: idFor(partial), replays: 0 };
      letters.set(letter.id, letter);
      countDeadLetter(letter.functionName, letter.event.id);
      return letter;
    },
    list: () => [...letters.values()].map((letter) => structuredClone(letter)),
    update: (letter) => void letters.set(letter.id, structuredClone(letter)),
    remove: (id) => void letters.delete(id),
  };
}

export function directoryDeadLetterStore(directory: string): DeadLetterStore {
  const fileOf = (id: string) => path.join(directory, `${id}.json`);
  const write = (letter: DeadLetter) => {
    mkdirSync(directory, { recursive: true });
    // Written whole and renamed into place: a crash never leaves half a dead letter.
    const partial = `${fileOf(letter.id)}.partial`;
    writeFileSync(partial, `${JSON.stringify(letter, null, 2)}\n`);
    renameSync(partial, fileOf(letter.id));
  };
  return {
    location: directory,
    add(partial) {
      const letter = { ...partial, id: idFor(partial), replays: 0 };
      write(letter);
      // The same metric line a cloud operator would see (there, the queue's depth alarm pages).
      countDeadLetter(letter.functionName, letter.event.id);
      return letter;
    },
    list() {
      let names: string[];
      try {
        names = readdirSync(directory);
      } catch {
        return [];
      }
      return names
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => JSON.parse(readFileSync(path.join(directory, name), 'utf8')) as DeadLetter);
    },
    update: write,
    remove: (id) => rmSync(fileOf(id), { force: true }),
  };
}

/** One console line for a dead letter, as `npm start` prints it. */
export function describeDeadLetter(letter: DeadLetter, location: string): string {
  const where = location === 'memory' ? 'in memory' : path.join(location, `${letter.id}.json`);
  return `dead letter: ${letter.event['detail-type']} (${letter.event.id}) → ${letter.functionName} failed ${letter.attempts} times: ${letter.error} [${where}; npm run replay-dead-letters]`;
}
