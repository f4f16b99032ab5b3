import { LockKeyhole } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { PasswordInput } from '@web/components/password-input';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ApiRequestError } from '@web/lib/api-request-error';
import { unlockConsumerDemo, type ConsumerUnlock } from '../api/consumer-api';
import { consumerStrings } from '../consumer-strings';
import { PageTitle } from '@web/components/page-title';

const strings = consumerStrings.gate;

/**
 * The password gate (docs/decisions.md #6): the server checks the password. A wrong one says
 * 'Invalid password' and clears the field, ready for the next try.
 */
export function ConsumerGatePage({ onUnlocked }: { onUnlocked: (unlock: ConsumerUnlock) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      onUnlocked(await unlockConsumerDemo(password));
    } catch (failure) {
      const refused = failure instanceof ApiRequestError && failure.status === 401;
      setError(refused ? strings.invalidPassword : failure instanceof Error ? failure.message : strings.unreachable);
      setPassword('');
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-surface px-4 py-10">
      <PageTitle>{consumerStrings.pageTitle(strings.title)}</PageTitle>
      <Card className="flex w-full max-w-sm flex-col gap-6 p-6 sm:p-8">
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <LockKeyhole aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-xl font-semibold">{strings.heading}</h1>
          <p className="text-sm text-muted-foreground">{strings.intro}</p>
        </div>
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
          <FormField id={id} label={strings.passwordLabel} error={error}>
            <PasswordInput
              ref={input}
              {...fieldControlProps(id, { error })}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              autoFocus
              required
            />
          </FormField>
          <Button type="submit" disabled={busy || password.length === 0}>
            {busy ? strings.submitting : strings.submit}
          </Button>
        </form>
        <Link
          to="/"
          className="text-center text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          {strings.home}
        </Link>
      </Card>
    </main>
  );
}
