/**
 * The words of the dashboard's frame (components/dashboard-frame.tsx), apart from dashboard-strings.ts,
 * which the entry does not carry; the home's own loading words and heading are the same.
 */
export const dashboardFrameStrings = {
  loading: 'Loading your dashboard...',
  /**
   * The home's heading, by the business name or else the person's: a new merchant (`isNewMerchant`) is
   * welcomed, later visits say "Welcome back" (docs/decisions.md #206).
   */
  welcome: ({ companyName, fullName }: { companyName: string | null; fullName: string }, firstVisit: boolean) =>
    `${firstVisit ? 'Welcome' : 'Welcome back'}, ${companyName ?? fullName}`,
};

/**
 * A merchant is new for `NEW_MERCHANT_HOURS` (24) after signing up, on every device and tab: the Stripe tab
 * that returns to the dashboard, the reload, the phone the owner picks up next are all still the first day,
 * and say "Welcome", never "Welcome back" (docs/decisions.md #206).
 */
export const NEW_MERCHANT_HOURS = 24;

export function isNewMerchant(createdAt: string, now: Date = new Date()): boolean {
  const signedUp = Date.parse(createdAt);
  return Number.isFinite(signedUp) && now.getTime() - signedUp < NEW_MERCHANT_HOURS * 3_600_000;
}
