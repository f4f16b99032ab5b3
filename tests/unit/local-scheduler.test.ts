/**
 * The local schedule fires on its timers only when asked to: the integration harness turns them off, so a
 * test's own `runNow` is the only run (a timer firing mid-test once raced stats-and-reverification).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { FunctionSpec } from '@functions/function-spec';
import { startLocalScheduler, type LocalScheduler } from '@infra/local/scheduler';
import { received } from '@tests/integration/fixtures/scheduled-probe';

const probe: FunctionSpec = {
  name: 'scheduled-probe',
  description: 'test only',
  entry: 'tests/integration/fixtures/scheduled-probe.ts',
  schedule: { rateMinutes: 5 },
};

let scheduler: LocalScheduler | undefined;
beforeEach(async () => {
  // Load the probe's module before the clock is faked: a timer's run then needs no real I/O.
  await startLocalScheduler({ functions: [probe], timers: false }).runNow(probe.name);
  received.length = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  scheduler?.stop();
  vi.useRealTimers();
});

it('fires nothing on its own with timers off, and runs a schedule when told to', async () => {
  scheduler = startLocalScheduler({ functions: [probe], timers: false });
  expect(scheduler.timers).toBe(false);
  await vi.advanceTimersByTimeAsync(3 * 5 * 60_000);
  expect(received).toHaveLength(0);
  await scheduler.runNow(probe.name);
  expect(received).toHaveLength(1);
});

it('fires every rateMinutes with timers on, as EventBridge does', async () => {
  scheduler = startLocalScheduler({ functions: [probe] });
  expect(scheduler.timers).toBe(true);
  await vi.advanceTimersByTimeAsync(2 * 5 * 60_000);
  await vi.waitFor(() => expect(received).toHaveLength(2));
  expect(received[0]).toMatchObject({ source: 'aws.events', 'detail-type': 'Scheduled Event' });
});
