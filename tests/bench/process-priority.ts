/**
 * The priority of this whole process, every thread of it. On Linux a nice value belongs to a thread, and
 * `os.setPriority(value)` sets the calling thread's alone: the bench's main thread went to nice 10 while Node's
 * own threads (V8's garbage collection and compilers, libuv's pool) stayed at 0 and took the page's core as
 * before (docs/decisions.md #299). A thread started later takes its starting thread's value, so the threads the
 * main thread starts afterwards follow it.
 */
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

const THREADS = '/proc/self/task';

/** This process's threads by id; only the calling one where the system lists none (not Linux). */
function threadIds(): number[] {
  try {
    return readdirSync(THREADS).map(Number);
  } catch {
    return [0];
  }
}

/** Sets every thread's nice value; one below a thread's present value needs CAP_SYS_NICE, and throws without. */
export function setProcessPriority(priority: number): void {
  for (const thread of threadIds()) {
    try {
      setPriority(thread, priority);
    } catch (error) {
      // A thread that ended between the listing and here has nothing left to set.
      if ((error as { code?: string }).code !== 'ESRCH') throw error;
    }
  }
}

/** The nice value of each thread of this process, by its id: what a test reads back. */
export function threadPriorities(): Map<number, number> {
  return new Map(threadIds().map((thread) => [thread, getPriority(thread)]));
}
