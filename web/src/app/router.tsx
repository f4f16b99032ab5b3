import { createBrowserRouter } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { appStrings } from './app-strings';
import { RootLayout } from './root-layout';
import { RouteErrorScreen } from './routes/route-error-screen';

/**
 * Every page is a `lazy` route, so a visitor downloads only the page they open: the landing page carries
 * no dashboard code, and nothing public carries Amplify (lib/auth is imported by the signed-in routes only).
 * The error screen is bundled with the app itself, because it must render even when loading a page's
 * code fails (e.g. after a deploy replaced the chunks).
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <PageSpinner label={appStrings.loadingPage} />,
      children: [
        {
          index: true,
          lazy: async () => ({ Component: (await import('../features/landing/components/landing-page')).LandingPage }),
        },
        {
          path: 'dashboard',
          lazy: async () => ({ Component: (await import('./routes/dashboard-guard-route')).DashboardGuardRoute }),
          children: [
            {
              index: true,
              lazy: async () => ({
                Component: (await import('../features/dashboard/components/dashboard-placeholder'))
                  .DashboardPlaceholder,
              }),
            },
          ],
        },
        {
          path: '*',
          lazy: async () => ({ Component: (await import('./routes/not-found-screen')).NotFoundScreen }),
        },
      ],
    },
  ]);
}
