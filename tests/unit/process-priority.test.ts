/**
 * The bench lowers the priority of its whole process while Lighthouse measures (tests/bench/process-priority.ts,
 * docs/decisions.md #299): every thread, not only the one that asks. Each case runs in a Node process of its own,
 * so this worker's priority stays as it was (raising it back needs a privilege CI may not have).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULE = path.resolve(import.meta.dirname, '../bench/process-priority.ts');
const NICE = 7;

/**
 * A process that first starts libuv's pool (four hashes at once) beside V8's own threads, then runs `lower`,
 * then prints each thread's nice value.
 */
function prioritiesAfter(lower: string): number[] {
  const script = `
    import { pbkdf2 } from 'node:crypto';
    import { promisify } from 'node:util';
    import { setPriority } from 'node:os';
    import { setProcessPriority, threadPriorities } from ${JSON.stringify(MODULE)};
    await Promise.all([1, 2, 3, 4].map(() => promisify(pbkdf2)('secret', 'salt', 10_000, 32, 'sha256')));
    ${lower};
    console.log(JSON.stringify([...threadPriorities().values()]));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '--eval', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the child process failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as number[];
}

describe.runIf(existsSync('/proc/self/task'))('the bench process priority', () => {
  it('setProcessPriority lowers every thread of the process', () => {
    const priorities = prioritiesAfter(`setProcessPriority(${NICE})`);
    // The main thread, V8's platform workers and libuv's four.
    expect(priorities.length).toBeGreaterThan(5);
    expect(new Set(priorities)).toEqual(new Set([NICE]));
  });

  it("os.setPriority alone lowers only the calling thread on Linux, which the bench's process did before", () => {
    const priorities = prioritiesAfter(`setPriority(${NICE})`);
    expect(priorities.filter((priority) => priority === NICE)).toHaveLength(1);
  });
});
