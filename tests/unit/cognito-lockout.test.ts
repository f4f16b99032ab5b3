/** The local Cognito's temporary lockout (infra/local/cognito/lockout.ts), on a clock the test moves. */
import { describe, expect, it } from 'vitest';
import { Lockouts } from '@infra/local/cognito/lockout';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

function failTimes(lockouts: Lockouts, key: string, times: number, at: number) {
  for (let i = 0; i < times; i++) lockouts.recordFailure(key, at);
}

describe('Lockouts', () => {
  it('lets five failures pass, then locks for 2^(n-5) seconds after the n-th', () => {
    const lockouts = new Lockouts();
    failTimes(lockouts, 'a', 4, 0);
    expect(lockouts.isLockedOut('a', 0)).toBe(false);
    lockouts.recordFailure('a', 0);
    expect(lockouts.isLockedOut('a', 999)).toBe(true);
    expect(lockouts.isLockedOut('a', SECOND)).toBe(false);
    lockouts.recordFailure('a', SECOND);
    expect(lockouts.isLockedOut('a', 2 * SECOND + 999)).toBe(true);
    expect(lockouts.isLockedOut('a', 3 * SECOND)).toBe(false);
    expect(lockouts.isLockedOut('b', 0)).toBe(false);
  });

  it('never locks for longer than about 15 minutes', () => {
    const lockouts = new Lockouts();
    failTimes(lockouts, 'a', 30, 0);
    expect(lockouts.isLockedOut('a', 15 * MINUTE - 1)).toBe(true);
    expect(lockouts.isLockedOut('a', 15 * MINUTE)).toBe(false);
  });

  it('starts again after a success, or after 15 minutes without an attempt', () => {
    const lockouts = new Lockouts();
    failTimes(lockouts, 'a', 5, 0);
    lockouts.recordSuccess('a');
    lockouts.recordFailure('a', 2 * SECOND);
    expect(lockouts.isLockedOut('a', 2 * SECOND)).toBe(false);

    failTimes(lockouts, 'b', 7, 0);
    lockouts.recordFailure('b', 15 * MINUTE);
    expect(lockouts.isLockedOut('b', 15 * MINUTE)).toBe(false);
  });
});
