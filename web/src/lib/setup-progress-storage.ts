/**
 * Where lib/setup-progress.ts keeps a merchant's first steps in this browser (docs/decisions.md #88), read
 * without React. Dependency-free. (A `welcomed` key that older builds wrote is read and ignored: a new merchant
 * is welcomed by the age of their account now, docs/decisions.md #206.)
 */
export interface SetupProgress {
  printed: boolean;
  dismissed: boolean;
}

const NOTHING_YET: SetupProgress = { printed: false, dismissed: false };

export const setupProgressKey = (merchantId: string) => `paylink:setup:${merchantId}`;

export function readSetupProgress(merchantId: string | undefined): string {
  if (!merchantId) return '';
  try {
    return localStorage.getItem(setupProgressKey(merchantId)) ?? '';
  } catch {
    return ''; // Storage refused (private mode): the checklist still ticks from the API's data.
  }
}

export function parseSetupProgress(raw: string): SetupProgress {
  if (!raw) return NOTHING_YET;
  try {
    return { ...NOTHING_YET, ...(JSON.parse(raw) as Partial<SetupProgress>) };
  } catch {
    return NOTHING_YET;
  }
}
