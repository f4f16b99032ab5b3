/** Words on the app-wide screens: loading, 404 and the routing error screen. */
export const appStrings = {
  loadingPage: 'Loading page',
  notFound: {
    code: '404',
    heading: 'Oops! Page not found',
    body: 'The page you are looking for does not exist or has moved.',
    returnHome: 'Return to Home',
  },
  routeError: {
    heading: 'Unexpected Application Error!',
    body: 'Something went wrong while showing this page.',
    unknownError: 'Unknown error',
    reload: 'Reload page',
    returnHome: 'Return to Home',
  },
} as const;
