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

const REMOVED_KEY = 'paylink.removed-from-business';
export const REMOVED_FROM_BUSINESS_MESSAGE =
  'You are no longer a member of that business, so its dashboard closed. Sign in again to open your own.';

/**
 * The server answered `not_a_member` for the business this tab acted for (an owner removed the person,
 * docs/decisions.md #197): back to their own business, and the sign-in page says why once.
 */
export function leaveRemovedBusiness(): void {
  chooseBusiness(null);
  try {
    sessionStorage.setItem(REMOVED_KEY, '1');
  } catch {
    // Without storage the sign-in page only shows no reason.
  }
}

/** The reason the last dashboard closed, once: the sign-in page's note. */
export function takeRemovedFromBusinessNotice(): string | null {
  try {
    const removed = sessionStorage.getItem(REMOVED_KEY);
    sessionStorage.removeItem(REMOVED_KEY);
    return removed ? REMOVED_FROM_BUSINESS_MESSAGE : null;
  } catch {
    return null;
  }
}
