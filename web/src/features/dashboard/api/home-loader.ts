/**
 * The dashboard home's route loader (docs/decisions.md #180): it asks the query client for each read the home
 * draws from, with the very query its card's hook uses (one key and one fetcher for each), so the reads start
 * as the route does, beside the page's code, and the page finds them cached or on their way. It waits for
 * none of them: the home draws its own loading state (dashboard-home.tsx). The router imports it into the app's
 * chunk (docs/decisions.md #217): a module of its own was a round trip the reads waited for.
 */
import type { QueryClient } from '@tanstack/react-query';
import { merchantProfileQuery } from '@web/lib/merchant-profile';
import { paymentLinksQuery } from '@web/lib/payment-links-api';
import { stripeConnectionQuery } from '@web/lib/stripe-connection-api';
import { subscriptionStatusQuery } from '@web/features/subscription';
import { businessesQuery } from '@web/features/team';
import { dashboardStatsQuery, recentPaymentsQuery } from './home-queries';

/** Starts each read the home draws from; the dashboard's browser test checks each is asked for once. */
export function dashboardHomeLoader(queryClient: QueryClient) {
  return () => {
    // A failed read is the card's to show (its query keeps the error); prefetchQuery never throws. The
    // profile's read has started already in the `dashboard` route's loader (app/router.tsx): asked again
    // while it is on its way or fresh, the client makes no second request.
    void queryClient.prefetchQuery(merchantProfileQuery);
    void queryClient.prefetchQuery(stripeConnectionQuery);
    void queryClient.prefetchQuery(paymentLinksQuery);
    void queryClient.prefetchQuery(subscriptionStatusQuery);
    void queryClient.prefetchQuery(recentPaymentsQuery);
    void queryClient.prefetchQuery(dashboardStatsQuery);
    // The person's role: which pages the shell's menu offers.
    void queryClient.prefetchQuery(businessesQuery);
    return null;
  };
}
