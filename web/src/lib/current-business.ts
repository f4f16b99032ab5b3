/**
 * The business this browser acts for, when its person belongs to more than one (docs/decisions.md #161):
 * sent as BUSINESS_HEADER on every signed-in request; the server checks it against their membership, so a
 * value here opens nothing by itself. Unset = their own business.
 */
import { useSyncExternalStore } from 'react';
import { BUSINESS_HEADER } from '@shared/roles';

const STORAGE_KEY = 'paylink.business';
/** Told to this tab's listeners when the switcher chooses another business (the realtime socket follows it). */
const CHANGED_EVENT = 'paylink:business-changed';

export function currentBusinessId(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function chooseBusiness(businessId: string | null): void {
  try {
    if (businessId) localStorage.setItem(STORAGE_KEY, businessId);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode without storage: the person stays in their own business.
  }
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

function onBusinessChanged(listener: () => void) {
  window.addEventListener(CHANGED_EVENT, listener);
  return () => window.removeEventListener(CHANGED_EVENT, listener);
}

/** The chosen business, re-read when the switcher changes it (null: the person's own). */
export function useCurrentBusinessId(): string | null {
  return useSyncExternalStore(onBusinessChanged, currentBusinessId, () => null);
}

/** The header for the chosen business, or none for their own. */
export function businessHeaders(): Record<string, string> {
  const businessId = currentBusinessId();
  return businessId ? { [BUSINESS_HEADER]: businessId } : {};
}
