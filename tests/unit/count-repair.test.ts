import { describe, expect, it } from 'vitest';
import { guardItemDay } from '@functions/adapters/stats-store';
import { COUNT_RETRY, nextAttemptAt } from '@functions/domain/count-repair';

const NOW = new Date('2026-11-25T00:00:00.000Z');
const waitOf = (attempts: number, random: () => number) =>
  nextAttemptAt(NOW, attempts, random).getTime() - NOW.getTime();

describe('a failed count or seal waits longer each time, within bounds', () => {
  it('doubles from 5 minutes and never waits more than 6 hours', () => {
    expect(waitOf(1, () => 0)).toBe(COUNT_RETRY.firstMs);
    expect(waitOf(2, () => 0)).toBe(2 * COUNT_RETRY.firstMs);
    expect(waitOf(3, () => 0)).toBe(4 * COUNT_RETRY.firstMs);
    expect(waitOf(30, () => 0)).toBe(COUNT_RETRY.maxMs);
  });

  it('takes up to a fifth off at random, so records that failed together come back apart', () => {
    expect(waitOf(1, () => 0.999_999)).toBeGreaterThanOrEqual(0.8 * COUNT_RETRY.firstMs);
    expect(waitOf(1, () => 0.5)).toBe(0.9 * COUNT_RETRY.firstMs);
  });
});

describe('the item that guards a count key', () => {
  it('is the day item first, then one of 16, 256, … picked by the key alone', () => {
    expect(guardItemDay('2026-11-24', 'pay_abc', 0)).toBe('D#2026-11-24');
    const first = guardItemDay('2026-11-24', 'pay_abc', 1);
    expect(first).toMatch(/^D#2026-11-24#[0-9a-f]$/);
    expect(guardItemDay('2026-11-24', 'pay_abc', 2)).toMatch(new RegExp(`^${first}[0-9a-f]$`));
    expect(guardItemDay('2026-11-24', 'pay_abc', 1)).toBe(first);
  });
});
