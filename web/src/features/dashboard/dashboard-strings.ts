/** Words on the dashboard screens (one place, DECISIONS.md row 2). */
export const dashboardStrings = {
  heading: 'Dashboard',
  placeholder: {
    title: 'Your dashboard is being set up',
    body: 'Sales, payment links and transactions will appear here.',
  },
} as const;
