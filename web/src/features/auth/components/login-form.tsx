import { zodResolver } from '@hookform/resolvers/zod';
import { CircleExclamationPoint, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { z } from 'zod';
import { magicLinkRequestSchema } from '../../../../../shared/contracts/auth';
import { emailSchema } from '../../../../../shared/contracts/signup';
import { FormField, fieldControlProps } from '../../../components/form-field';
import { PasswordInput } from '../../../components/password-input';
import { Alert, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ApiRequestError } from '../../../lib/api-request-error';
import { authErrorName, resendVerificationEmail, signInWithPassword } from '../../../lib/auth';
import { useRequestMagicLink } from '../api/request-magic-link';
import { authStrings } from '../auth-strings';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { signedInDestination } from '../signed-in-destination';
import { TotpSignInStep } from './totp-sign-in-step';

const strings = authStrings.login;

/** Spec §5: email and password required. */
const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, authStrings.fields.passwordRequired),
});
type LoginFormInput = z.input<typeof loginFormSchema>;
type LoginFormOutput = z.output<typeof loginFormSchema>;

/** The words for a failed password sign-in (spec §8, "Login"). */
function signInErrorMessage(error: unknown): string {
  switch (authErrorName(error)) {
    // Cognito answers both for a wrong password and (with user-existence errors prevented) an unknown email.
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      return authStrings.errors.invalidCredentials;
    case 'UserNotConfirmedException':
      return authStrings.errors.emailNotConfirmed;
    default:
      return error instanceof Error && error.message ? error.message : authStrings.errors.unexpected;
  }
}

export function LoginForm({ routerState }: { routerState: unknown }) {
  const finishSignIn = useFinishSignIn();
  const magicLink = useRequestMagicLink();
  const [magicLinkSentTo, setMagicLinkSentTo] = useState<string>();
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string>();
  const [resending, setResending] = useState(false);
  // The password was right and the merchant has two-factor on: the authenticator code comes next.
  const [awaitingTotpCode, setAwaitingTotpCode] = useState(false);

  const form = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const email = useWatch({ control: form.control, name: 'email' });
  const busy = isSubmitting || magicLink.isPending;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setUnconfirmedEmail(undefined);
    try {
      const outcome = await signInWithPassword(email, password);
      if (outcome === 'signed-in') {
        await finishSignIn(signedInDestination(routerState));
      } else if (outcome === 'totp-code-required') {
        setAwaitingTotpCode(true);
      } else if (outcome === 'email-not-confirmed') {
        setUnconfirmedEmail(email);
        toast.error(authStrings.toasts.errorTitle, { description: authStrings.errors.emailNotConfirmed });
      } else {
        toast.error(authStrings.toasts.errorTitle, { description: authStrings.errors.passwordResetRequired });
      }
    } catch (error) {
      if (authErrorName(error) === 'UserNotConfirmedException') setUnconfirmedEmail(email);
      toast.error(authStrings.toasts.errorTitle, { description: signInErrorMessage(error) });
    }
  });

  const sendMagicLink = () => {
    const parsed = magicLinkRequestSchema.safeParse({ email });
    if (!parsed.success) {
      form.setError('email', { message: parsed.error.issues[0]?.message }, { shouldFocus: true });
      return;
    }
    form.clearErrors('email');
    magicLink.mutate(parsed.data.email, {
      onSuccess: () => {
        setMagicLinkSentTo(parsed.data.email);
        toast.success(authStrings.toasts.magicLinkSentTitle, { description: authStrings.toasts.magicLinkSentBody });
      },
      onError: (error) => {
        const fieldMessage = error instanceof ApiRequestError ? error.fields.email : undefined;
        if (fieldMessage) form.setError('email', { message: fieldMessage }, { shouldFocus: true });
        toast.error(authStrings.toasts.errorTitle, { description: fieldMessage ?? error.message });
      },
    });
  };

  const resend = async () => {
    if (!unconfirmedEmail) return;
    setResending(true);
    try {
      await resendVerificationEmail(unconfirmedEmail);
      toast.success(authStrings.toasts.verificationResentTitle, {
        description: authStrings.toasts.verificationResentBody,
      });
    } catch (error) {
      toast.error(authStrings.toasts.errorTitle, {
        description: error instanceof Error ? error.message : authStrings.errors.unexpected,
      });
    } finally {
      setResending(false);
    }
  };

  const emailError = errors.email?.message;
  const passwordError = errors.password?.message;

  if (awaitingTotpCode) {
    return (
      <TotpSignInStep
        onSignedIn={() => finishSignIn(signedInDestination(routerState))}
        onRestart={() => {
          form.resetField('password');
          setAwaitingTotpCode(false);
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
      {unconfirmedEmail ? (
        <Alert variant="warning" role="alert">
          <CircleExclamationPoint aria-hidden="true" />
          <div className="flex flex-col items-start gap-2">
            <p>{authStrings.errors.emailNotConfirmed}</p>
            <Button variant="outline" size="sm" onClick={() => void resend()} disabled={resending}>
              {resending ? authStrings.resendingVerification : authStrings.resendVerification}
            </Button>
          </div>
        </Alert>
      ) : null}

      <FormField id="login-email" label={authStrings.fields.email} error={emailError}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          {...fieldControlProps('login-email', { error: emailError })}
          {...form.register('email')}
        />
      </FormField>

      <FormField
        id="login-password"
        label={authStrings.fields.password}
        error={passwordError}
        labelAside={
          <Link
            to="/reset-password"
            state={{ email }}
            className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {strings.forgotPassword}
          </Link>
        }
      >
        <PasswordInput
          autoComplete="current-password"
          showLabel={authStrings.fields.showPassword}
          hideLabel={authStrings.fields.hidePassword}
          {...fieldControlProps('login-password', { error: passwordError })}
          {...form.register('password')}
        />
      </FormField>

      <div className="flex flex-col gap-4">
        <Button type="submit" size="lg" disabled={busy}>
          {isSubmitting ? strings.signingIn : strings.signIn}
        </Button>

        <div className="flex items-center gap-4 text-xs text-muted-foreground uppercase" aria-hidden="true">
          <span className="h-px flex-1 bg-border" />
          {strings.or}
          <span className="h-px flex-1 bg-border" />
        </div>

        <Button
          variant="outline"
          size="lg"
          onClick={sendMagicLink}
          disabled={!email.trim() || busy}
          aria-describedby="magic-link-hint"
        >
          {magicLink.isPending ? strings.sendingMagicLink : strings.sendMagicLink}
        </Button>
        <p id="magic-link-hint" className="text-center text-sm text-muted-foreground">
          {strings.magicLinkHint}
        </p>
      </div>

      {magicLinkSentTo ? (
        <Alert variant="success" role="status">
          <MailCheck aria-hidden="true" />
          <div>
            <AlertTitle>{strings.magicLinkSent(magicLinkSentTo)}</AlertTitle>
            <p>{strings.magicLinkSentBody}</p>
          </div>
        </Alert>
      ) : null}
    </form>
  );
}
