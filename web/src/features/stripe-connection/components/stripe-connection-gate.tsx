import { ExternalLink, Landmark, RefreshCw, ShieldCheck, Zap } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { LoadingState } from '@web/components/loading-state';
import { Button } from '@web/components/ui/button';
import { GateScreen } from '@web/components/gate-screen';
import { useOwnerSetupShown } from '@web/features/team';
import { useStripeConnection } from '../api/get-stripe-connection';
import { useConnectStripe } from '../hooks/use-connect-stripe';
import { stripeConnectionStrings } from '../stripe-connection-strings';

const strings = stripeConnectionStrings.gate;
const reassuranceIcons = [ShieldCheck, Landmark, Zap] as const;

/**
 * Provider connection gate: checking → spinner; connected → the feature; otherwise the
 * connect screen. A failed status read counts as not connected (on the dashboard verification
 * errors are only logged), so the merchant can still connect or check again.
 */
export function StripeConnectionGate({ children }: { children: ReactNode }) {
  const connection = useStripeConnection();

  useEffect(() => {
    if (connection.isError) console.error('Could not read the Stripe connection', connection.error);
  }, [connection.isError, connection.error]);

  if (connection.isPending) return <LoadingState label={strings.checking} />;
  if (connection.data?.connected) return children;
  return <ConnectStripeScreen checking={connection.isFetching} onCheckAgain={() => void connection.refetch()} />;
}

function ConnectStripeScreen({ checking, onCheckAgain }: { checking: boolean; onCheckAgain: () => void }) {
  const { connect, isConnecting } = useConnectStripe();
  const ownerSetup = useOwnerSetupShown();
  const checkAgain = (
    <Button size="lg" variant="outline" onClick={onCheckAgain} disabled={checking}>
      <RefreshCw aria-hidden="true" className={checking ? 'animate-spin' : undefined} />
      {checking ? strings.checkingAgain : strings.checkAgain}
    </Button>
  );
  // Connecting is the owner's (the catalogue's POST /api/me/stripe/connect): a Manager or Staff member is told
  // so, in a sentence, with no button the server would refuse (docs/decisions.md #282).
  if (!ownerSetup) {
    return (
      <GateScreen
        icon={Landmark}
        tone="brand"
        title={strings.memberTitle}
        description={strings.memberDescription}
        actions={checkAgain}
      />
    );
  }
  return (
    <GateScreen
      icon={Landmark}
      tone="brand"
      title={strings.title}
      description={strings.description}
      actions={
        <>
          <Button size="lg" onClick={connect} disabled={isConnecting}>
            <ExternalLink aria-hidden="true" />
            {isConnecting ? stripeConnectionStrings.connecting : stripeConnectionStrings.connect}
          </Button>
          {checkAgain}
        </>
      }
    >
      <p className="text-sm text-muted-foreground">{strings.newTabHint}</p>
      <ul className="grid w-full max-w-3xl gap-4 text-left sm:grid-cols-3">
        {strings.reassurance.map((line, index) => {
          const Icon = reassuranceIcons[index]!;
          return (
            <li key={line.title} className="flex gap-3 rounded-lg border border-border bg-surface p-4">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <div className="flex flex-col gap-1">
                <span className="text-sm font-semibold">{line.title}</span>
                <span className="text-sm text-muted-foreground">{line.detail}</span>
              </div>
            </li>
          );
        })}
      </ul>
    </GateScreen>
  );
}
