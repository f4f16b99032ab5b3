import type { ReactNode } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { StripeConnectionGate } from '@web/features/stripe-connection';
import { SubscriptionGate } from '@web/features/subscription';

/**
 * What a paid page's route carries besides its component: the page's heading, drawn above the gates so a
 * merchant who meets one still sees which page they opened.
 */
export interface PaidPageHandle {
  header: ReactNode;
}

function isPaidPageHandle(handle: unknown): handle is PaidPageHandle {
  return typeof handle === 'object' && handle !== null && 'header' in handle;
}

/**
 * The paid features' pages (Payment Links, Print Materials, Payment Templates) sit under this route, so
 * no page gates itself. The plan is checked before the Stripe connection: a merchant whose trial has ended
 * learns that first, rather than connecting Stripe only to be told they cannot take payments
 * (docs/decisions.md #11).
 */
export function PaidFeatureRoute() {
  const { pathname } = useLocation();
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isPaidPageHandle);
  return (
    <div className="flex flex-col gap-8">
      {handle?.header}
      {/* Keyed by page: choosing to browse one paid page dimmed after the trial does not open the next. */}
      <SubscriptionGate key={pathname}>
        <StripeConnectionGate>
          <Outlet />
        </StripeConnectionGate>
      </SubscriptionGate>
    </div>
  );
}
