/**
 * The words of the dashboard's frame (components/dashboard-frame.tsx), apart from dashboard-strings.ts,
 * which the entry does not carry; the home's own loading words and heading are the same.
 */
export const dashboardFrameStrings = {
  loading: 'Loading your dashboard...',
  /**
   * The home's heading, by the business name or else the person's: the first visit says "Welcome", later
   * ones "Welcome back" (docs/decisions.md #88). One rule for the frame and the home, which draw it in turn.
   */
  welcome: ({ companyName, fullName }: { companyName: string | null; fullName: string }, firstVisit: boolean) =>
    `${firstVisit ? 'Welcome' : 'Welcome back'}, ${companyName ?? fullName}`,
};
