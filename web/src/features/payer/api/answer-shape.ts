/**
 * A light check of an API answer's shape for the payer's pages. The merchant app parses answers with the
 * zod contracts (lib/api-client); the payer's pages must load fast on a phone and zod's full build would
 * be a third of their code, so they check field types against a shape that the compiler derives from the
 * same contract types: a field added to or removed from a contract breaks the build here until its shape
 * follows.
 */

type FieldKind = 'string' | 'number' | 'boolean' | 'string|null' | 'number|null' | 'object|null';

/** The kind a field of type `V` must have (string enums and literals count as their base type). */
type KindOf<V> = [V] extends [string]
  ? 'string'
  : [V] extends [number]
    ? 'number'
    : [V] extends [boolean]
      ? 'boolean'
      : [V] extends [string | null]
        ? 'string|null'
        : [V] extends [number | null]
          ? 'number|null'
          : [V] extends [object | null]
            ? 'object|null'
            : never;

/** One entry per field of `T`, each naming the field's kind. */
export type AnswerShape<T> = { readonly [K in keyof T]-?: KindOf<T[K]> };

function fieldMatches(value: unknown, kind: FieldKind): boolean {
  if (kind.endsWith('|null') && value === null) return true;
  return typeof value === kind.replace('|null', '');
}

/** True when `value` is an object whose fields have the kinds `shape` names. */
export function matchesShape<T>(value: unknown, shape: AnswerShape<T>): value is T {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(shape).every(([field, kind]) => fieldMatches(record[field], kind as FieldKind));
}
