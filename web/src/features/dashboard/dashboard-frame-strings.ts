/**
 * The words of the dashboard's frame (components/dashboard-frame.tsx), apart from dashboard-strings.ts,
 * which the entry does not carry; the home's own loading words and heading are the same.
 */
export const dashboardFrameStrings = {
  loading: 'Loading your dashboard...',
  /** The first visit says "Welcome", later ones "Welcome back" (docs/decisions.md #88). */
  welcome: (name: string, firstVisit: boolean) => (firstVisit ? `Welcome, ${name}` : `Welcome back, ${name}`),
};
