/**
 * /stripe-test (docs/decisions.md #13): a developer's page that runs a checkout on the local Stripe
 * sandbox and lists the events it produced. The router adds it to dev builds only, and `npm start`'s dev server
 * forwards `/_stripe-sandbox/*` to the sandbox (which has no CORS): a production bundle has neither.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseMoneyInput } from '@shared/money';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { PublicPageShell } from '@web/components/public-page-shell';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { PageTitle } from '@web/components/page-title';

const SANDBOX = '/_stripe-sandbox';
/** The sandbox takes any test key; this page is not Paylink and uses no secret of Paylink's. */
const SANDBOX_KEY = 'sk_test_stripe_test_page';

interface SandboxEvent {
  id: string;
  type: string;
  created: number;
  account?: string;
  data: { object: Record<string, unknown> };
}

async function sandbox<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${SANDBOX}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${SANDBOX_KEY}`, ...init.headers },
  });
  const body = (await response.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
  if (!response.ok || body === undefined) {
    throw new Error(
      body?.error?.message ?? `The Stripe sandbox answered ${response.status}. Is \`npm start\` running?`,
    );
  }
  return body as T;
}

export function StripeTestPage() {
  const amountId = useId();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const [amount, setAmount] = useState('25.00');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const sandboxEvents = useQuery({
    queryKey: ['stripe-test', sessionId],
    enabled: sessionId !== null,
    queryFn: async () => {
      const session = await sandbox<Record<string, unknown>>(`/v1/checkout/sessions/${encodeURIComponent(sessionId!)}`);
      const ids = [sessionId, session.payment_intent].filter((id): id is string => typeof id === 'string');
      const list = await sandbox<{ data: SandboxEvent[] }>('/_emu/events');
      return {
        session,
        events: list.data.filter((sent) => ids.some((id) => JSON.stringify(sent.data.object).includes(id))),
      };
    },
  });
  const session = sandboxEvents.data?.session;
  const events = sandboxEvents.data?.events;
  const shownError = error ?? (sandboxEvents.error as Error | null)?.message;

  const run = async (event: FormEvent) => {
    event.preventDefault();
    const cents = parseMoneyInput(amount);
    if (cents === null || cents < 50) return setError('Enter an amount of at least 0.50.');
    setBusy(true);
    setError(undefined);
    const back = `${window.location.origin}/stripe-test`;
    const form = new URLSearchParams({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'nzd',
      'line_items[0][price_data][unit_amount]': String(cents),
      'line_items[0][price_data][product_data][name]': 'Stripe test page',
      'metadata[source]': 'stripe-test',
      success_url: `${back}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: back,
    });
    try {
      const created = await sandbox<{ url: string }>('/v1/checkout/sessions', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString().replaceAll('%5B', '[').replaceAll('%5D', ']'),
      });
      window.location.assign(created.url);
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
    }
  };

  return (
    <PublicPageShell>
      <PageTitle>Stripe test · developer</PageTitle>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold">Stripe sandbox test</h1>
          <p className="text-muted-foreground">
            A developer page (local runtime and dev builds only): it opens a Checkout on the local Stripe sandbox — pay
            with 4242 4242 4242 4242, or decline with 4000 0000 0000 0002 — and lists the events the sandbox sent.
          </p>
        </div>
        {shownError ? (
          <Alert variant="destructive" role="alert">
            {shownError}
          </Alert>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle as="h2">Run a sandbox checkout</CardTitle>
            <CardDescription>
              A payment on the platform account; no merchant, link or payment of Paylink's.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={(event) => void run(event)} className="flex flex-col gap-4 sm:flex-row sm:items-end">
              <FormField id={amountId} label="Amount (NZD)" className="flex-1">
                <Input
                  {...fieldControlProps(amountId, {})}
                  inputMode="decimal"
                  value={amount}
                  onChange={(change) => setAmount(change.target.value)}
                />
              </FormField>
              <Button type="submit" disabled={busy}>
                {busy ? 'Opening Checkout…' : 'Run sandbox checkout'}
              </Button>
            </form>
          </CardContent>
        </Card>
        {sessionId ? (
          <Card>
            <CardHeader className="flex-row items-start justify-between gap-4">
              <div className="flex min-w-0 flex-col gap-1">
                <CardTitle as="h2">Events of this checkout</CardTitle>
                <CardDescription className="font-mono break-all">{sessionId}</CardDescription>
                <CardDescription>
                  Session {String(session?.status ?? '…')}, payment {String(session?.payment_status ?? '…')}
                </CardDescription>
              </div>
              <Button variant="outline" onClick={() => void sandboxEvents.refetch()}>
                Refresh
              </Button>
            </CardHeader>
            <CardContent>
              {events && events.length === 0 ? <p className="text-muted-foreground">No events yet.</p> : null}
              <ol className="flex flex-col gap-3">
                {events?.map((sent) => (
                  <li key={sent.id} className="rounded-lg border border-border p-3">
                    <p className="font-mono text-sm font-semibold">{sent.type}</p>
                    <p className="text-xs text-muted-foreground">
                      {sent.id} · {new Date(sent.created * 1000).toLocaleTimeString()}
                      {sent.account ? ` · ${sent.account}` : ' · platform'}
                    </p>
                    <details className="mt-2">
                      <summary className="cursor-pointer text-sm">Payload</summary>
                      <pre className="mt-2 max-h-80 overflow-auto rounded bg-muted p-2 text-xs">
                        {JSON.stringify(sent.data.object, null, 2)}
                      </pre>
                    </details>
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
        ) : null}
      </div>
    </PublicPageShell>
  );
}
