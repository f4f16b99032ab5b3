/**
 * The Transactions filters (the filter panel) in their three forms: as the URL
 * keeps them (the contract's keys, dates yyyy-MM-dd — so a filtered view survives reload and Back), as
 * the panel shows them while a person types (dates dd/MM/yyyy), and as the list query sends them.
 * Validation is the contract's own schema, so the browser refuses exactly what the server would.
 */
import { format } from 'date-fns';
import { PAYMENT_FILTER_KEYS, paymentFiltersSchema, type PaymentFiltersInput } from '@shared/contracts/payments';
import { parseDayText } from '@web/components/date-input';
import { transactionsStrings } from './transactions-strings';

export type FilterKey = (typeof PAYMENT_FILTER_KEYS)[number];
/** What the panel's fields hold: text as typed, dates dd/MM/yyyy. */
export type FilterDraft = Record<FilterKey, string>;
export type FilterErrors = Partial<Record<FilterKey, string>>;

const DATE_KEYS = ['dateFrom', 'dateTo'] as const satisfies readonly FilterKey[];
const URL_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export const EMPTY_DRAFT: FilterDraft = Object.fromEntries(PAYMENT_FILTER_KEYS.map((key) => [key, ''])) as FilterDraft;

function isDateKey(key: FilterKey): key is (typeof DATE_KEYS)[number] {
  return (DATE_KEYS as readonly string[]).includes(key);
}

/** The panel's fields from the URL; a date that is not yyyy-MM-dd stays as it is, so its field can say why. */
export function draftFromSearch(search: URLSearchParams): FilterDraft {
  const draft = { ...EMPTY_DRAFT };
  for (const key of PAYMENT_FILTER_KEYS) {
    const value = search.get(key) ?? '';
    const day = isDateKey(key) ? URL_DAY.exec(value) : null;
    draft[key] = day ? `${day[3]}/${day[2]}/${day[1]}` : value;
  }
  return draft;
}

export type CheckedFilters =
  { valid: true; filters: PaymentFiltersInput; search: string } | { valid: false; errors: FilterErrors };

/**
 * The fields checked with the contract's schema: the filters as the API and the URL take them (empty
 * fields left out, in PAYMENT_FILTER_KEYS order) and their query string, or each field's message.
 */
export function checkDraft(draft: FilterDraft): CheckedFilters {
  const errors: FilterErrors = {};
  const filters: PaymentFiltersInput = {};
  for (const key of PAYMENT_FILTER_KEYS) {
    const text = draft[key].trim();
    if (text === '') continue;
    if (isDateKey(key)) {
      const day = parseDayText(text);
      if (day) filters[key] = format(day, 'yyyy-MM-dd');
      else errors[key] = transactionsStrings.filters.invalidDate;
    } else {
      filters[key] = text as never;
    }
  }
  const parsed = paymentFiltersSchema.safeParse(filters);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as FilterKey | undefined;
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { valid: false, errors };
  return { valid: true, filters, search: searchOf(filters) };
}

function searchOf(filters: PaymentFiltersInput): string {
  const search = new URLSearchParams();
  for (const key of PAYMENT_FILTER_KEYS) {
    const value = filters[key];
    if (typeof value === 'string' && value !== '') search.set(key, value);
  }
  return search.toString();
}

/** The filter keys of a URL's query, and nothing else it may carry. */
export function filterSearchOf(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of PAYMENT_FILTER_KEYS) {
    const value = search.get(key);
    if (value) kept.set(key, value);
  }
  return kept.toString();
}

export function hasActiveFilter(draft: FilterDraft): boolean {
  return PAYMENT_FILTER_KEYS.some((key) => draft[key].trim() !== '');
}
