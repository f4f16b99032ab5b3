import { useQueryClient } from '@tanstack/react-query';
import { Eye, Lock } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { SUBSCRIPTION_REQUIRED_CODE } from '@shared/contracts/subscription';
import { LoadingState } from '@web/components/loading-state';
import { Alert, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { GateScreen } from '@web/components/gate-screen';
import { ApiRequestError } from '@web/lib/api-request-error';
import { subscriptionStatusQueryKey, useSubscriptionStatus } from '../api/get-subscription-status';
import { subscriptionStrings } from '../subscription-strings';
import { UpgradeButton } from './upgrade-button';

const strings = subscriptionStrings.expired;

/**
 * Subscription gate: the trial and the Business plan have full access; once the trial has ended
 * with no subscription the merchant sees the expired screen, or may browse the feature dimmed and inert.
 * If the status cannot be read the feature is shown: the API refuses gated calls on its own (403
 * subscription_required), and that answer re-reads the status so this gate catches up.
 */
export function SubscriptionGate({ children }: { children: ReactNode }) {
  const subscription = useSubscriptionStatus();
  const [browsing, setBrowsing] = useState(false);
  useRereadStatusWhenRefused();

  useEffect(() => {
    if (subscription.isError) console.error('Could not read the subscription status', subscription.error);
  }, [subscription.isError, subscription.error]);

  if (subscription.isPending) return <LoadingState label={subscriptionStrings.checkingPlan} />;
  if (subscription.data?.access !== 'expired') return children;
  if (!browsing) return <TrialExpiredScreen onBrowse={() => setBrowsing(true)} />;
  return (
    <div className="flex flex-col gap-6">
      <Alert variant="warning" className="flex-col gap-3 sm:flex-row sm:items-center">
        <Lock aria-hidden="true" />
        <div className="flex flex-1 flex-col gap-1">
          <AlertTitle>{strings.bannerTitle}</AlertTitle>
          <p>{strings.banner}</p>
        </div>
        <UpgradeButton size="sm" />
      </Alert>
      {/* inert keeps the feature out of reach for mouse, keyboard and screen reader alike. */}
      <div inert aria-disabled="true" className="pointer-events-none opacity-50 select-none">
        {children}
      </div>
    </div>
  );
}

function TrialExpiredScreen({ onBrowse }: { onBrowse: () => void }) {
  return (
    <GateScreen
      icon={Lock}
      tone="warning"
      title={strings.title}
      description={strings.description}
      actions={
        <>
          <UpgradeButton size="lg" />
          <Button size="lg" variant="outline" onClick={onBrowse}>
            <Eye aria-hidden="true" />
            {strings.browse}
          </Button>
        </>
      }
    >
      <p className="text-sm text-muted-foreground">{subscriptionStrings.newTabHint}</p>
    </GateScreen>
  );
}

/** A gated call answered 403 subscription_required: the trial ended while the page was open. */
function useRereadStatusWhenRefused() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refused = (error: unknown) => error instanceof ApiRequestError && error.code === SUBSCRIPTION_REQUIRED_CODE;
    const reread = () => void queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryKey });
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && refused(event.action.error)) reread();
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && refused(event.action.error)) reread();
    });
    // A page's loader starts its reads before the gate is drawn, and this effect runs a frame later
    // (Preact): a refusal that came back in between would be heard by no one, so it counts now.
    if (
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => refused(query.state.error))
    )
      reread();
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
