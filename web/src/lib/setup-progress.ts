/**
 * What this browser knows of a new merchant's first steps that the API does not record
 * (docs/decisions.md #88): that they downloaded print materials or a QR code (the checklist's "Print your
 * QR code"), that they hid the setup checklist, and that they have seen the dashboard once (so the first
 * visit says "Welcome", later ones "Welcome back"). Kept per merchant in localStorage; every tab follows
 * a change through the `storage` event.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useMerchantProfile } from './merchant-profile';

export interface SetupProgress {
  printed: boolean;
  dismissed: boolean;
  welcomed: boolean;
}

const NOTHING_YET: SetupProgress = { printed: false, dismissed: false, welcomed: false };
const keyOf = (merchantId: string) => `paylink:setup:${merchantId}`;
const listeners = new Set<() => void>();

function read(merchantId: string | undefined): string {
  if (!merchantId) return '';
  try {
    return localStorage.getItem(keyOf(merchantId)) ?? '';
  } catch {
    return ''; // Storage refused (private mode): the checklist still ticks from the API's data.
  }
}

function parse(raw: string): SetupProgress {
  if (!raw) return NOTHING_YET;
  try {
    return { ...NOTHING_YET, ...(JSON.parse(raw) as Partial<SetupProgress>) };
  } catch {
    return NOTHING_YET;
  }
}

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
