/** Words the sign-in feature shows (one place, DECISIONS.md row 2). */
export const authStrings = {
  checkingSession: 'Checking your sign-in',
  sessionCheckFailed: {
    heading: 'We could not check your sign-in',
    body: 'Check your connection and try again.',
    retry: 'Try again',
  },
} as const;
