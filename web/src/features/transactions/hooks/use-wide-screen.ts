import { useSyncExternalStore } from 'react';

/**
 * Tailwind's `xl` (1280 px): from here up the transactions are a table; below it, one card per payment. The
 * table's seven columns need about 900 px; beside the sidebar a 1024 px window leaves 704, where the table ran
 * past its card and hid Date and Actions.
 */
const WIDE_SCREEN_QUERY = '(min-width: 80rem)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(WIDE_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True when the window is wide enough for the transactions table. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE_SCREEN_QUERY).matches);
}
