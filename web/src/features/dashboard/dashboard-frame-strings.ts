/**
 * The words of the dashboard's frame (components/dashboard-frame.tsx), apart from dashboard-strings.ts,
 * which the entry does not carry; the home's own loading words are the same.
 */
export const dashboardFrameStrings = {
  loading: 'Loading your dashboard...',
};
