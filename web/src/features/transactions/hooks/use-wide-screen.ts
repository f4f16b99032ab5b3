import { useSyncExternalStore } from 'react';

/** Tailwind's `md` (768 px): from here up the transactions are a table; below it, one card per payment. */
const WIDE_SCREEN_QUERY = '(min-width: 48rem)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(WIDE_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True when the window is wide enough for the transactions table. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE_SCREEN_QUERY).matches);
}
