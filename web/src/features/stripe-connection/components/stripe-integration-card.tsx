import { Activity, CircleCheck, CircleDashed, ExternalLink, RefreshCw, Unplug } from 'lucide-react';
import { useId } from 'react';
import { toast } from '@web/lib/toast';
import { LoadingState } from '@web/components/loading-state';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter } from '@web/components/ui/card';
import { CardHeaderWithStatus } from '@web/components/card-header-with-status';
import { ContactSupportDialog } from '@web/components/contact-support-dialog';
import { useDiagnoseStripe } from '../api/diagnose-stripe';
import { useCheckStripeStatus } from '../hooks/use-check-stripe-status';
import { useConnectStripe } from '../hooks/use-connect-stripe';
import { stripeConnectionStrings } from '../stripe-connection-strings';

const strings = stripeConnectionStrings.card;

/**
 * Settings → Stripe integration: Connected or Not connected. Not connected offers Connect,
 * Diagnostic and Check Status; connected offers Check Status and Disconnect, which is not self-service
 * (docs/decisions.md #14): it tells the merchant to email support.
 */
export function StripeIntegrationCard({ email }: { email: string }) {
  const { connection, check } = useCheckStripeStatus();
  const { connect, isConnecting } = useConnectStripe();
  const diagnose = useRunStripeDiagnostic();
  const connected = connection.data?.connected === true;
  const status = connection.data?.account_status;
  const headingId = useId();

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeaderWithStatus
        title={strings.title}
        titleId={headingId}
        description={strings.description}
        status={
          connection.isPending ? null : connected ? (
            <Badge variant="success">
              <CircleCheck aria-hidden="true" />
              {strings.connected}
            </Badge>
          ) : (
            <Badge variant="neutral">
              <CircleDashed aria-hidden="true" />
              {strings.notConnected}
            </Badge>
          )
        }
      />
      <CardContent className="flex flex-col gap-4">
        {connection.isPending ? (
          <LoadingState label={strings.loading} />
        ) : (
          <p className="text-sm">{connected ? strings.connectedDetail : strings.notConnectedDetail}</p>
        )}
        {status && !connected && status !== 'no_account' ? (
          <Alert variant="warning" role="status">
            <RefreshCw aria-hidden="true" />
            <p>{stripeConnectionStrings.processingMessage(status)}</p>
          </Alert>
        ) : null}
        {connection.isError && !connection.data ? (
          <Alert variant="destructive" role="alert">
            <p>{stripeConnectionStrings.verify.failed(connection.error.message)}</p>
          </Alert>
        ) : null}
        {connected && connection.data?.debug_info.accountId ? (
          <p className="text-sm text-muted-foreground">
            {strings.accountId}{' '}
            <code className="font-mono text-foreground">{connection.data.debug_info.accountId}</code>
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-3 border-t border-border pt-6 sm:flex-row sm:items-center">
        {connected ? null : (
          <Button onClick={connect} disabled={isConnecting}>
            <ExternalLink aria-hidden="true" />
            {isConnecting ? stripeConnectionStrings.connecting : stripeConnectionStrings.connect}
          </Button>
        )}
        {connected ? null : (
          <Button variant="outline" onClick={diagnose.run} disabled={diagnose.isRunning}>
            <Activity aria-hidden="true" />
            {diagnose.isRunning ? strings.diagnosing : strings.diagnostic}
          </Button>
        )}
        <Button variant="outline" onClick={() => void check()} disabled={connection.isFetching}>
          <RefreshCw aria-hidden="true" className={connection.isFetching ? 'animate-spin' : undefined} />
          {connection.isFetching ? strings.checkingStatus : strings.checkStatus}
        </Button>
        {connected ? <DisconnectDialog email={email} /> : null}
      </CardFooter>
    </Card>
  );
}

/** 'Diagnostic': Connectivity OK, Problem Detected (the first error), or Diagnostic Failed. */
function useRunStripeDiagnostic() {
  const diagnose = useDiagnoseStripe();
  const words = stripeConnectionStrings.diagnostic;

  const run = async () => {
    try {
      const result = await diagnose.mutateAsync();
      const firstError = result.results.errors[0];
      if (result.success && !firstError) {
        toast.success(words.okTitle, { description: words.ok });
      } else {
        toast.error(words.problemTitle, {
          description: firstError ?? result.recommendations[0] ?? words.failed,
        });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      toast.error(words.failedTitle, { description: `${words.failed}: ${message}` });
    }
  };

  return { run: () => void run(), isRunning: diagnose.isPending };
}

function DisconnectDialog({ email }: { email: string }) {
  return (
    <ContactSupportDialog
      trigger={
        <Button variant="outline" className="border-red-200 text-destructive hover:bg-red-50">
          <Unplug aria-hidden="true" />
          {strings.disconnect}
        </Button>
      }
      title={strings.disconnectTitle}
      body={strings.disconnectBody}
      followUp={strings.disconnectFollowUp}
      mail={{ subject: strings.mailSubject, body: strings.mailBody(email) }}
      labels={{ close: strings.close, emailSupport: strings.emailSupport }}
    />
  );
}
