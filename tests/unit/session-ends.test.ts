/**
 * The session cut's arithmetic (docs/decisions.md #200): the cut is the next whole second, recorded before
 * Cognito's sign-out, and the answer waits for it; a token signed in at the cut or later is open, one before
 * it is not. The integration test (tests/integration/sessions-end-access-tokens.test.ts) runs it end to end.
 */
import { describe, expect, it } from 'vitest';
import { endEverySession, isSessionOpen, type SessionEndRepository } from '@functions/domain/session-ends';

/** A cut store in memory (the members table's is functions/adapters/session-end-store.ts). */
function cutStore() {
  const cuts = new Map<string, number>();
  const store: SessionEndRepository = {
    endedAt: (personId) => Promise.resolve(cuts.get(personId)),
    recordEnd(personId, cutSeconds) {
      cuts.set(personId, cutSeconds);
      return Promise.resolve();
    },
  };
  return { cuts, store };
}

describe('isSessionOpen', () => {
  it('is open without a cut, and from the cut on', () => {
    expect(isSessionOpen(undefined, 100)).toBe(true);
    expect(isSessionOpen(100, 100)).toBe(true);
    expect(isSessionOpen(100, 101)).toBe(true);
    expect(isSessionOpen(100, 99)).toBe(false);
    // A token without a sign-in time is as old as can be.
    expect(isSessionOpen(100, undefined)).toBe(false);
  });
});

describe('endEverySession', () => {
  it('records the next whole second before signing out with Cognito, then waits for that second', async () => {
    const { cuts, store } = cutStore();
    const steps: string[] = [];
    let waited = -1;
    await endEverySession(
      'person-1',
      () => {
        steps.push(`cognito after cut ${cuts.get('person-1')}`);
        return Promise.resolve();
      },
      {
        ends: store,
        now: () => 1_700_000_000_400,
        wait: (ms) => {
          waited = ms;
          return Promise.resolve();
        },
      },
    );
    expect(cuts.get('person-1')).toBe(1_700_000_001);
    expect(steps).toEqual(['cognito after cut 1700000001']);
    expect(waited).toBe(600);
    // A token from the second the sessions ended in is refused; one from the cut on is not.
    expect(isSessionOpen(cuts.get('person-1'), 1_700_000_000)).toBe(false);
    expect(isSessionOpen(cuts.get('person-1'), 1_700_000_001)).toBe(true);
  });
});
