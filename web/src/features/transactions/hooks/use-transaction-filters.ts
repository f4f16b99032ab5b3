import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PaymentFiltersInput } from '@shared/contracts/payments';
import {
  EMPTY_DRAFT,
  checkDraft,
  draftFromSearch,
  filterSearchOf,
  hasActiveFilter,
  type FilterDraft,
  type FilterErrors,
  type FilterKey,
} from '../transaction-filters';

/** Typing applies a filter once the merchant pauses, not at every keystroke (one history entry, one query). */
const TYPING_PAUSE_MS = 500;

export interface TransactionFilters {
  /** The panel's fields as typed. */
  draft: FilterDraft;
  /** Each field's message, once its text has been checked (not while it is being typed). */
  errors: FilterErrors;
  /** The filters the list shows, from the URL; null when the URL's filters are not valid (nothing is queried). */
  applied: PaymentFiltersInput | null;
  /** True when the URL holds any filter (the dot on Show Filters). */
  active: boolean;
  /** Sets a field; `immediate` applies it now (a select, a calendar pick), otherwise after a typing pause. */
  setField: (key: FilterKey, value: string, options?: { immediate?: boolean }) => void;
  /** Applies what is typed now (leaving a field). */
  applyNow: () => void;
  clearAll: () => void;
}

/**
 * The filter panel's state. The URL is the source of truth for what the list shows: valid filters are
 * written to it (each change a history entry, so Back undoes it), and when the URL changes by itself
 * (Back, Forward, a link) the fields follow it. Invalid fields say why under themselves and change nothing.
 */
export function useTransactionFilters(): TransactionFilters {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlSearch = filterSearchOf(searchParams);
  const urlDraft = useMemo(() => draftFromSearch(new URLSearchParams(urlSearch)), [urlSearch]);
  const applied = useMemo(() => {
    const checked = checkDraft(urlDraft);
    return checked.valid ? checked.filters : null;
  }, [urlDraft]);

  const [draft, setDraft] = useState(urlDraft);
  // The draft as it was last checked: its errors are the ones shown.
  const [checked, setChecked] = useState(urlDraft);
  const [seenSearch, setSeenSearch] = useState(urlSearch);
  if (seenSearch !== urlSearch) {
    setSeenSearch(urlSearch);
    // Our own commit leaves the fields as typed; any other change of the URL rewrites them.
    const mine = checkDraft(draft);
    if (!(mine.valid && mine.search === urlSearch)) {
      setDraft(urlDraft);
      setChecked(urlDraft);
    }
  }

  const commit = useCallback(
    (next: FilterDraft) => {
      setChecked(next);
      const result = checkDraft(next);
      if (!result.valid) return;
      // Read the address bar itself: a commit from a typing pause may run after Back changed it.
      if (result.search === filterSearchOf(new URLSearchParams(window.location.search))) return;
      setSearchParams(result.search, { preventScrollReset: true });
    },
    [setSearchParams],
  );

  useEffect(() => {
    if (draft === checked) return;
    const timer = window.setTimeout(() => commit(draft), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, checked, commit]);

  const setField = useCallback(
    (key: FilterKey, value: string, options: { immediate?: boolean } = {}) => {
      const next = { ...draft, [key]: value };
      setDraft(next);
      if (options.immediate) commit(next);
    },
    [draft, commit],
  );

  const errors: FilterErrors = {};
  const checkedResult = checkDraft(checked);
  if (!checkedResult.valid) {
    for (const [key, message] of Object.entries(checkedResult.errors) as [FilterKey, string][]) {
      if (checked[key] === draft[key]) errors[key] = message;
    }
  }

  return {
    draft,
    errors,
    applied,
    active: hasActiveFilter(urlDraft),
    setField,
    applyNow: () => {
      if (draft !== checked) commit(draft);
    },
    clearAll: () => {
      setDraft(EMPTY_DRAFT);
      commit(EMPTY_DRAFT);
    },
  };
}
