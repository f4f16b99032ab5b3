/**
 * Reads the SDK's form bodies and query strings (`line_items[0][price_data][unit_amount]=500`).
 * Values stay strings: metadata must come back exactly as sent, so numbers and booleans are converted
 * only where a field is known to be one, with Stripe's error when it is not.
 */
import qs from 'qs';
import { invalidParameter, missingParameter } from './stripe-error';

export type Params = Record<string, unknown>;

export function parseParams(encoded: string): Params {
  return qs.parse(encoded, { depth: 10, arrayLimit: 100 }) as Params;
}

/** The value at a bracket path such as `payment_intent_data[application_fee_amount]`. */
function valueAt(params: Params, param: string): unknown {
  const keys = param.replace(/\]/g, '').split('[');
  let value: unknown = params;
  for (const key of keys) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export function optionalString(params: Params, param: string): string | undefined {
  const value = valueAt(params, param);
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw invalidParameter(param, `Invalid string: ${param} must be a string.`);
  return value;
}

export function requiredString(params: Params, param: string): string {
  const value = optionalString(params, param);
  if (value === undefined) throw missingParameter(param);
  return value;
}

export function optionalInteger(params: Params, param: string): number | undefined {
  const value = optionalString(params, param);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) {
    throw invalidParameter(param, `Invalid integer: ${value}`, 'parameter_invalid_integer');
  }
  return Number(value);
}

export function optionalBoolean(params: Params, param: string): boolean | undefined {
  const value = optionalString(params, param);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidParameter(param, `Invalid boolean: ${value}`);
  return value === 'true';
}

/** `metadata[*]`: string keys to string values; an empty value removes the key, as in Stripe. */
export function metadataParam(params: Params, param: string, current: Record<string, string> = {}) {
  const value = valueAt(params, param);
  if (value === undefined) return current;
  if (value === '') return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParameter(param, `Invalid object: ${param} must be a hash of strings.`);
  }
  const merged: Record<string, string> = { ...current };
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw invalidParameter(`${param}[${key}]`, 'Metadata values must be strings.');
    if (entry === '') delete merged[key];
    else merged[key] = entry;
  }
  return merged;
}

/** `expand[]`: qs gives an array for `expand[0]=…` and a string for a single `expand=…`. */
export function expandParam(params: Params): string[] {
  const value = params.expand;
  if (value === undefined || value === '') return [];
  const paths = Array.isArray(value) ? value : [value];
  return paths.filter((entry): entry is string => typeof entry === 'string' && entry !== '');
}

/** The raw array at `param` (e.g. `line_items`), whether qs made it an array or an index-keyed object. */
export function listParam(params: Params, param: string): Params[] {
  const value = valueAt(params, param);
  if (value === undefined) return [];
  const entries = Array.isArray(value) ? value : typeof value === 'object' && value ? Object.values(value) : null;
  if (!entries) throw invalidParameter(param, `Invalid array: ${param}.`);
  return entries.map((entry) => (entry && typeof entry === 'object' ? (entry as Params) : {}));
}
