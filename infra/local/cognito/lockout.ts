/**
 * Cognito's temporary lockout, imitated: five failed attempts are free; the n-th failure after that locks
 * the account out for 2^(n-5) seconds, up to about 15 minutes; an attempt during a lockout is refused
 * without being checked or counted; a success after the lockout, or 15 minutes without any attempt,
 * starts the count again. Cognito applies it to password sign-in, counting wrong authenticator codes
 * with wrong passwords. Kept in memory: a restart forgets it, as a lockout is meant to pass anyway.
 */
const FREE_FAILURES = 5;
const LONGEST_LOCKOUT_MS = 15 * 60 * 1000;
const QUIET_RESET_MS = 15 * 60 * 1000;

interface LockoutState {
  failures: number;
  lockedUntil: number;
  lastAttemptAt: number;
}

export class Lockouts {
  private readonly states = new Map<string, LockoutState>();

  /** Whether an attempt for `key` is refused now, unchecked (and, then, uncounted). */
  isLockedOut(key: string, now = Date.now()): boolean {
    const state = this.current(key, now);
    return state !== undefined && now < state.lockedUntil;
  }

  recordFailure(key: string, now = Date.now()) {
    const state = this.current(key, now) ?? { failures: 0, lockedUntil: 0, lastAttemptAt: now };
    const failures = state.failures + 1;
    const lockoutMs =
      failures < FREE_FAILURES ? 0 : Math.min(1000 * 2 ** (failures - FREE_FAILURES), LONGEST_LOCKOUT_MS);
    this.states.set(key, { failures, lockedUntil: now + lockoutMs, lastAttemptAt: now });
  }

  recordSuccess(key: string) {
    this.states.delete(key);
  }

  private current(key: string, now: number) {
    const state = this.states.get(key);
    if (state && now - state.lastAttemptAt >= QUIET_RESET_MS) {
      this.states.delete(key);
      return undefined;
    }
    return state;
  }
}
