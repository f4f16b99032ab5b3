/**
 * What this browser knows of a new merchant's first steps that the API does not record
 * (docs/decisions.md #88): that they downloaded print materials or a QR code (the checklist's "Print your
 * QR code") and that they hid the setup checklist. Kept per merchant in localStorage; every tab follows
 * a change through the `storage` event.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useMerchantProfile } from './merchant-profile';
import {
  parseSetupProgress as parse,
  readSetupProgress as read,
  setupProgressKey as keyOf,
  type SetupProgress,
} from './setup-progress-storage';

export type { SetupProgress };

const listeners = new Set<() => void>();

/** Records a step for the merchant, in this tab and the others. */
export function recordSetupStep(merchantId: string, step: keyof SetupProgress): void {
  const current = parse(read(merchantId));
  if (current[step]) return;
  try {
    localStorage.setItem(keyOf(merchantId), JSON.stringify({ ...current, [step]: true }));
  } catch {
    return;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The signed-in merchant's progress, and a way to record a step (a no-op until the profile is read). */
export function useSetupProgress(): { progress: SetupProgress; record: (step: keyof SetupProgress) => void } {
  const merchantId = useMerchantProfile().data?.merchantId;
  const raw = useSyncExternalStore(subscribe, () => read(merchantId));
  const record = useCallback(
    (step: keyof SetupProgress) => {
      if (merchantId) recordSetupStep(merchantId, step);
    },
    [merchantId],
  );
  return { progress: parse(raw), record };
}
