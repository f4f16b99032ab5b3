/**
 * What time it is for an object on a test clock: the clock's frozen time, which only moves when the clock is
 * advanced (Stripe's test clocks); for anything else, now.
 */
import type { SandboxContext } from './sandbox-context';
import type { StripeObject } from './sandbox-store';

export interface TestClock extends StripeObject {
  object: 'test_helpers.test_clock';
  frozen_time: number;
  status: 'ready' | 'advancing';
  name: string | null;
  deletes_after: number;
  created: number;
}

export function timeFor(context: SandboxContext, testClock: string | null, account: string | null): number {
  if (!testClock) return context.now();
  return context.store.find<TestClock>(testClock, account)?.frozen_time ?? context.now();
}
