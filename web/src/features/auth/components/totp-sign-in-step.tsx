import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@web/lib/toast';
import * as z from 'zod/mini';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { authErrorName } from '@web/lib/auth';
import { confirmTotpSignIn } from '../api/confirm-totp-sign-in';
import { authStrings } from '../auth-strings';

const strings = authStrings.twoFactor;

/** What an authenticator app shows: six digits (spaces, as some apps group them, are dropped). */
const totpFormSchema = z.object({
  code: z.pipe(
    z.pipe(
      z.string(),
      z.transform((value: string) => value.replace(/\s/g, '')),
    ),
    z.string().check(z.regex(/^\d{6}$/, strings.codeFormat)),
  ),
});
type TotpFormInput = z.input<typeof totpFormSchema>;
type TotpFormOutput = z.output<typeof totpFormSchema>;

/**
 * The second step of a password sign-in when the merchant has two-factor on: the code from their
 * authenticator app. A wrong code is explained by the field and may be tried again; a sign-in that has
 * expired (Cognito's session lasts minutes, and ends after a few wrong codes) goes back to the password.
 */
export function TotpSignInStep({ onSignedIn, onRestart }: { onSignedIn: () => Promise<void>; onRestart: () => void }) {
  const id = useId();
  const headingId = useId();
  const form = useForm<TotpFormInput, unknown, TotpFormOutput>({
    resolver: zodResolver(totpFormSchema),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const error = errors.code?.message;

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await confirmTotpSignIn(code);
    } catch (failure) {
      const name = authErrorName(failure);
      if (name === 'CodeMismatchException') {
        const used = /already been used/i.test((failure as Error).message);
        form.setError('code', { message: used ? strings.codeUsed : strings.codeInvalid }, { shouldFocus: true });
        return;
      }
      if (name === 'NotAuthorizedException' || name === 'SignInException') {
        toast.error(authStrings.toasts.errorTitle, { description: strings.sessionExpired });
        onRestart();
        return;
      }
      const message = failure instanceof Error && failure.message ? failure.message : authStrings.errors.unexpected;
      form.setError('code', { message }, { shouldFocus: true });
      return;
    }
    await onSignedIn();
  });

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-6"
    >
      <div className="flex flex-col gap-2 text-center">
        <h2 id={headingId} className="text-lg font-semibold">
          {strings.heading}
        </h2>
        <p className="text-sm text-muted-foreground">{strings.instructions}</p>
      </div>
      <FormField id={id} label={strings.codeLabel} error={error}>
        <Input
          {...fieldControlProps(id, { error })}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          autoFocus
          className="text-center font-mono text-lg tracking-widest"
          {...form.register('code')}
        />
      </FormField>
      <div className="flex flex-col gap-3">
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? strings.verifying : strings.verify}
        </Button>
        <Button type="button" variant="ghost" onClick={onRestart} disabled={isSubmitting}>
          {strings.back}
        </Button>
      </div>
    </form>
  );
}
