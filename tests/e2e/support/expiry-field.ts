/**
 * The Expires field as a person fills it: the day as the app writes it (dd/MM/yyyy) and the 24-hour time,
 * whatever the browser's locale (docs/decisions.md #53: the wall clock is the merchant's own).
 */
import type { Locator, Page } from '@playwright/test';

/** `yyyy-MM-ddTHH:mm` as the two fields show it. */
export function expiryFieldsOf(wallClock: string): { day: string; time: string } {
  const [date, time] = wallClock.split('T') as [string, string];
  const [year, month, day] = date.split('-');
  return { day: `${day}/${month}/${year}`, time };
}

/** Types the wall clock into the Expires day and the Expiry time, as a merchant types them. */
export async function fillExpiry(scope: Page | Locator, wallClock: string): Promise<void> {
  const { day, time } = expiryFieldsOf(wallClock);
  await scope.getByRole('textbox', { name: /^Expires/ }).fill(day);
  await scope.getByRole('textbox', { name: 'Expiry time (HH:mm)' }).fill(time);
}
