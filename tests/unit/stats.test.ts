import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REVENUE_CHART_DAYS } from '@shared/contracts/stats';
import { addDays, previousMonth } from '@functions/domain/merchant-days';
import {
  LIFETIME_KEY,
  ZERO_COUNTERS,
  addCounters,
  combineStats,
  monthKey,
  sealableThrough,
  statsWindow,
  type DayTotals,
  type RolledTotals,
  type StatsCounters,
} from '@functions/domain/stats';

describe('calendar arithmetic', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-10', -29)).toBe('2025-12-12');
  });

  it('steps back a month across the year', () => {
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-03')).toBe('2026-02');
  });

  it("takes today and the months from the merchant's time zone, not UTC", () => {
    // 2026-01-31 12:30 UTC is already 1 February in Auckland (UTC+13 in summer).
    const window = statsWindow(new Date('2026-01-31T12:30:00Z'), 'Pacific/Auckland');
    expect(window).toMatchObject({ today: '2026-02-01', thisMonth: '2026-02', lastMonth: '2026-01' });
    expect(window.chartFrom).toBe('2026-01-03');
    // The read starts at the earlier of the first of last month and the chart's first day.
    expect(window.fromDay).toBe('2026-01-01');
    expect(statsWindow(new Date('2026-03-01T00:00:00Z'), 'UTC').fromDay).toBe('2026-01-31');
  });

  it('seals only days that ended in every time zone at least half a day ago', () => {
    expect(sealableThrough(new Date('2026-05-10T00:00:00Z'))).toBe('2026-05-08');
    expect(sealableThrough(new Date('2026-05-10T23:59:59Z'))).toBe('2026-05-08');
  });
});

const counters = fc.record({
  revenueCents: fc.integer({ min: 50, max: 10_000_000 }),
  tipCents: fc.integer({ min: 0, max: 100_000 }),
  productFeeCents: fc.integer({ min: 0, max: 50_000 }),
  succeededCount: fc.integer({ min: 1, max: 500 }),
  refundCents: fc.integer({ min: -100_000, max: 1_000_000 }),
  refundCount: fc.integer({ min: -5, max: 50 }),
  disputeLossCents: fc.integer({ min: 0, max: 100_000 }),
});
/** How far sealing got for a day: not at all, into its month only (a crash), or into month and lifetime. */
const sealState = fc.constantFrom('unsealed', 'month', 'both');

describe('combining aggregates with the days they have not taken in', () => {
  it('equals the plain sum of every day, whatever state sealing left each day in', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom('Pacific/Auckland', 'UTC', 'Pacific/Chatham', 'America/Los_Angeles'),
        fc.array(fc.tuple(fc.nat({ max: 70 }), counters, sealState), { maxLength: 40 }),
        counters,
        (now, timeZone, entries, older) => {
          const window = statsWindow(now, timeZone);
          // One entry per day (the last wins), inside the read window.
          const byDay = new Map<string, { totals: StatsCounters; state: string }>();
          for (const [offset, totals, state] of entries) {
            const day = addDays(window.today, -offset);
            if (day >= window.fromDay) byDay.set(day, { totals, state });
          }
          const days: DayTotals[] = [...byDay].map(([day, { totals }]) => ({ merchantId: 'm', day, ...totals }));
          // Aggregates as the schedule would have left them; the lifetime also holds older, sealed days.
          const aggregates = new Map<string, { totals: StatsCounters; rolled: Set<string> }>();
          const rollInto = (period: string, day: string, totals: StatsCounters) => {
            const aggregate = aggregates.get(period) ?? { totals: ZERO_COUNTERS, rolled: new Set<string>() };
            aggregates.set(period, {
              totals: addCounters(aggregate.totals, totals),
              rolled: aggregate.rolled.add(day),
            });
          };
          rollInto(LIFETIME_KEY, '2000-01-01', older);
          for (const [day, { totals, state }] of byDay) {
            if (state !== 'unsealed') rollInto(monthKey(day.slice(0, 7)), day, totals);
            if (state === 'both') rollInto(LIFETIME_KEY, day, totals);
          }
          const read = new Map<string, RolledTotals>(
            [...aggregates].map(([period, { totals, rolled }]) => [period, { ...totals, rolledDays: rolled }]),
          );

          const combined = combineStats(window, read, days);
          const sum = (filter: (day: string) => boolean) =>
            days
              .filter((day) => filter(day.day))
              .reduce<StatsCounters>((total, day) => addCounters(total, day), ZERO_COUNTERS);
          expect(combined.lifetime).toEqual(
            addCounters(
              older,
              sum(() => true),
            ),
          );
          expect(combined.thisMonth).toEqual(sum((day) => day.startsWith(window.thisMonth)));
          expect(combined.lastMonth).toEqual(sum((day) => day.startsWith(window.lastMonth)));
          expect(combined.revenueByDay).toHaveLength(REVENUE_CHART_DAYS);
          expect(combined.revenueByDay[0]!.day).toBe(window.chartFrom);
          expect(combined.revenueByDay.at(-1)!.day).toBe(window.today);
          for (const point of combined.revenueByDay) {
            const totals = byDay.get(point.day)?.totals ?? ZERO_COUNTERS;
            // The chart is net (docs/decisions.md #18): what settled less what was refunded or lost to disputes.
            expect(point.revenueCents).toBe(totals.revenueCents - totals.refundCents - totals.disputeLossCents);
            expect(point.refundCents).toBe(totals.refundCents + totals.disputeLossCents);
            expect(point.payments).toBe(totals.succeededCount);
          }
        },
      ),
      { numRuns: 300 },
    );
    // 300 windows in four time zones: about a second on its own, several on a busy machine.
  }, 30_000);
});
