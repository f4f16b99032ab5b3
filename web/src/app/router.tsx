import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { signedInSessionQuery } from '../features/auth/hooks/use-signed-in-session';
import { dashboardHomeLoader } from '../features/dashboard/api/home-loader';
import { merchantProfileQuery } from '../lib/merchant-profile';
import { PageSpinner } from '../components/page-spinner';
import { appStrings } from './app-strings';
import { importDashboardGuard, importDashboardHome } from './dashboard-code';
import { RootLayout } from './root-layout';
import type { PaidPageHandle } from './routes/paid-feature-route';
import { RouteErrorScreen } from './routes/route-error-screen';

/**
 * Every page is a `lazy` route, so a visitor downloads only the page they open: the landing page carries
 * no dashboard code, and nothing public carries Amplify (lib/auth is imported by the signed-in routes only).
 * The error screen is bundled with the app itself, because it must render even when loading a page's
 * code fails (e.g. after a deploy replaced the chunks).
 *
 * A page's first reads start in its route's `loader`, through `queryClient`, with the same query options its
 * hooks use (docs/decisions.md #180): the router runs a loader beside the route's lazy code, so the data and
 * the code arrive together, and the page finds its queries cached or on their way. A loader waits for none
 * of them: each page draws its own loading state.
 */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <PageSpinner label={appStrings.loadingPage} />,
      children: [
        {
          index: true,
          lazy: async () => ({ Component: (await import('../features/landing/components/landing-page')).LandingPage }),
        },
        // Signing in and signing up (features/auth, features/signup); a signed-in merchant goes to the dashboard.
        {
          lazy: async () => ({ Component: (await import('./routes/signed-out-guard-route')).SignedOutGuardRoute }),
          children: [
            {
              path: 'login',
              lazy: async () => ({ Component: (await import('../features/auth/components/login-page')).LoginPage }),
            },
            {
              path: 'signup',
              lazy: async () => ({
                Component: (await import('../features/signup/components/signup-page')).SignupPage,
              }),
            },
          ],
        },
        {
          path: 'verify-email',
          lazy: async () => ({
            Component: (await import('../features/auth/components/verify-email-page')).VerifyEmailPage,
          }),
        },
        {
          path: 'auth/magic',
          lazy: async () => ({
            Component: (await import('../features/auth/components/magic-link-page')).MagicLinkPage,
          }),
        },
        {
          path: 'reset-password',
          lazy: async () => ({
            Component: (await import('../features/auth/components/reset-password-page')).ResetPasswordPage,
          }),
        },
        // The legal and support pages (features/legal), open to everyone.
        {
          path: 'terms',
          lazy: async () => ({ Component: (await import('../features/legal/components/terms-page')).TermsPage }),
        },
        {
          path: 'privacy',
          lazy: async () => ({ Component: (await import('../features/legal/components/privacy-page')).PrivacyPage }),
        },
        {
          path: 'support',
          lazy: async () => ({ Component: (await import('../features/legal/components/support-page')).SupportPage }),
        },
        {
          path: 'stripe-disclaimer',
          lazy: async () => ({
            Component: (await import('../features/legal/components/stripe-disclaimer-page')).StripeDisclaimerPage,
          }),
        },
        {
          // A team invitation's link (docs/decisions.md #161): keeps its token, then on to sign in.
          path: 'join',
          lazy: async () => ({ Component: (await import('../features/team/components/join-page')).JoinPage }),
        },
        // The signed-in merchant's pages, inside the dashboard shell. The session is read as the route starts:
        // from the session record at once, or from Amplify (loaded then) beside the guard's code. So is the
        // profile, which the shell and the home's heading draw: from here, in the app's own chunk, its read
        // does not wait for a page's loader module to arrive (docs/decisions.md #215).
        {
          path: 'dashboard',
          loader: () => {
            void queryClient.prefetchQuery(signedInSessionQuery);
            void queryClient.prefetchQuery(merchantProfileQuery);
            return null;
          },
          lazy: async () => ({ Component: (await importDashboardGuard()).DashboardGuardRoute }),
          children: [
            {
              index: true,
              // The home's reads start from the app's chunk, as the route starts, beside the guard's and the
              // page's code: they do not wait for a loader module's round trip (docs/decisions.md #217).
              loader: dashboardHomeLoader(queryClient),
              lazy: {
                Component: async () => (await importDashboardHome()).DashboardHome,
              },
            },
            // The paid features, behind the plan and Stripe gates; each page's heading shows above them.
            {
              lazy: async () => ({ Component: (await import('./routes/paid-feature-route')).PaidFeatureRoute }),
              children: [
                {
                  path: 'create-link',
                  lazy: async () => {
                    const page = await import('../features/payment-links/components/payment-links-page');
                    return { Component: page.PaymentLinksPage, handle: paidPage(<page.PaymentLinksHeader />) };
                  },
                },
                {
                  path: 'print-materials',
                  lazy: async () => {
                    const page = await import('../features/print-materials/components/print-materials-page');
                    return { Component: page.PrintMaterialsPage, handle: paidPage(<page.PrintMaterialsHeader />) };
                  },
                },
                {
                  path: 'payment-templates',
                  lazy: async () => {
                    const page = await import('../features/materials-kit/components/payment-templates-page');
                    return { Component: page.PaymentTemplatesPage, handle: paidPage(<page.PaymentTemplatesHeader />) };
                  },
                },
              ],
            },
            // The Materials Kit's setup guide (features/materials-kit), which is not gated.
            {
              path: 'setup-guide',
              lazy: async () => ({
                Component: (await import('../features/materials-kit/components/setup-guide-page')).SetupGuidePage,
              }),
            },
            {
              path: 'transactions',
              lazy: async () => ({
                Component: (await import('../features/transactions/components/transactions-page')).TransactionsPage,
              }),
            },
            {
              path: 'requests',
              lazy: async () => ({
                Component: (await import('../features/requests/components/requests-page')).RequestsPage,
              }),
            },
            // Not gated by the plan: a lapsed merchant can still see and stop subscriptions (docs/decisions.md #159).
            // A manager's or an owner's, as the server's routes behind it (docs/decisions.md #161).
            {
              lazy: async () => ({ Component: (await import('./routes/role-route')).ManagerRoute }),
              children: [
                {
                  path: 'subscribers',
                  lazy: async () => ({
                    Component: (await import('../features/subscribers/components/subscribers-page')).SubscribersPage,
                  }),
                },
              ],
            },
            // The owner's: a Manager or Staff opening one by its address is told whose it is.
            {
              lazy: async () => ({ Component: (await import('./routes/role-route')).OwnerRoute }),
              children: [
                {
                  path: 'payouts',
                  lazy: async () => ({
                    Component: (await import('../features/payouts/components/payouts-page')).PayoutsPage,
                  }),
                },
                {
                  path: 'settings',
                  lazy: async () => ({
                    Component: (await import('../features/settings/components/settings-page')).SettingsPage,
                  }),
                },
              ],
            },
          ],
        },
        // The consumer wallet demo (features/consumer), behind its password gate; its own chunks.
        {
          path: 'consumer',
          lazy: async () => ({
            Component: (await import('../features/consumer/components/consumer-app-route')).ConsumerAppRoute,
          }),
          children: [
            { index: true, element: <Navigate to="/consumer/dashboard" replace /> },
            {
              path: 'dashboard',
              lazy: async () => ({
                Component: (await import('../features/consumer/components/consumer-dashboard-page'))
                  .ConsumerDashboardPage,
              }),
            },
            {
              path: 'wallet',
              lazy: async () => ({
                Component: (await import('../features/consumer/components/consumer-wallet-page')).ConsumerWalletPage,
              }),
            },
            {
              path: 'marketplace',
              lazy: async () => ({
                Component: (await import('../features/consumer/components/consumer-marketplace-page'))
                  .ConsumerMarketplacePage,
              }),
            },
            {
              path: 'profile',
              lazy: async () => ({
                Component: (await import('../features/consumer/components/consumer-profile-page')).ConsumerProfilePage,
              }),
            },
            {
              path: 'scanner',
              lazy: async () => ({
                Component: (await import('../features/consumer/components/consumer-scanner-page')).ConsumerScannerPage,
              }),
            },
          ],
        },
        // The developer's Stripe sandbox page (docs/decisions.md #13): dev builds only. `import.meta.env.DEV` is
        // `false` in a production build, so Vite drops this entry and the page's chunk with it.
        ...(import.meta.env.DEV
          ? [
              {
                path: 'stripe-test',
                lazy: async () => ({
                  Component: (await import('../features/stripe-test/components/stripe-test-page')).StripeTestPage,
                }),
              },
            ]
          : []),
        {
          path: '*',
          lazy: async () => ({ Component: (await import('./routes/not-found-screen')).NotFoundScreen }),
        },
      ],
    },
  ];
}

/** A paid page's route handle: the heading PaidFeatureRoute draws above its gates. */
function paidPage(header: ReactNode): PaidPageHandle {
  return { header };
}

/** The browser's router. The landing and sign-in pages are also rendered at build time from the same routes
 * (prerender.tsx), so the HTML a visitor first gets is what this router draws. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient));
}
