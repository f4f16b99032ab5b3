/**
 * EventBridge event patterns — the subset the catalogue produces: each field lists the exact values it
 * accepts, and nested objects match nested fields. The stack hands the same pattern to EventBridge.
 */
import type { EventRule } from '@functions/function-spec';

export type EventPattern = { [field: string]: readonly (string | number | boolean)[] | EventPattern };

/** The EventBridge pattern of a catalogue rule (what infra/stack.ts declares as `eventPattern`). */
export function eventPatternOf(rule: EventRule): EventPattern {
  return { source: [rule.source], 'detail-type': rule.detailTypes };
}

export function matchesEventPattern(pattern: EventPattern, event: unknown): boolean {
  if (typeof event !== 'object' || event === null) return false;
  return Object.entries(pattern).every(([field, expected]) => {
    const actual = (event as Record<string, unknown>)[field];
    if (Array.isArray(expected)) {
      const values = Array.isArray(actual) ? actual : [actual];
      return values.some((value) => expected.includes(value as string | number | boolean));
    }
    return matchesEventPattern(expected as EventPattern, actual);
  });
}
