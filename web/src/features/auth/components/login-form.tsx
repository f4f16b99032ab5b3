import { CircleExclamationPoint, MailCheck } from 'lucide-react';
import { Suspense, lazy, useEffect, useLayoutEffect, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { PasswordInput } from '@web/components/password-input';
import { Alert, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { ApiRequestError } from '@web/lib/api-request-error';
import { useRequestMagicLink } from '../api/use-request-magic-link';
import { authStrings } from '../auth-strings';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import type { LoginFormInput, LoginFormOutput } from '../login-validation';
import { signedInDestination } from '../signed-in-destination';
import { twoFactorRefusalOf } from '../two-factor-refusal';
import { useHydrated, useInputTypedBeforeHydration } from '@web/lib/hydration';

const strings = authStrings.login;

/*
 * /login paints the form first: Amplify (lib/auth), zod with the shared contracts (login-validation) and
 * the two-factor step are fetched when they are needed, and warmed as soon as the visitor focuses a field.
 */
const loadAuth = () => import('@web/lib/auth');
const loadValidation = () => import('../login-validation');
const TotpSignInStep = lazy(async () => ({ default: (await import('./totp-sign-in-step')).TotpSignInStep }));

/** Validates with the zod schema, which arrives with the first validation (on submit, as before). */
const loginFormResolver: Resolver<LoginFormInput, unknown, LoginFormOutput> = async (values, context, options) =>
  (await loadValidation()).loginFormResolver(values, context, options);

function warmUp() {
  // A failed prefetch is retried (and reported) by the submit that needs the module.
  loadAuth().catch(() => undefined);
  loadValidation().catch(() => undefined);
}

/** The words for a failed password sign-in; `errorName` is Cognito's (authErrorName). */
function signInErrorMessage(error: unknown, errorName: string | undefined): string {
  switch (errorName) {
    // Cognito answers both for a wrong password and (with user-existence errors prevented) an unknown email.
    case 'NotAuthorizedException':
      // Cognito's temporary lockout after repeated wrong passwords: trying again at once cannot work.
      if (error instanceof Error && /attempts exceeded/i.test(error.message)) return authStrings.errors.tooManyAttempts;
      return authStrings.errors.invalidCredentials;
    case 'UserNotFoundException':
      return authStrings.errors.invalidCredentials;
    case 'UserNotConfirmedException':
      return authStrings.errors.emailNotConfirmed;
    case 'UserLambdaValidationException':
      return twoFactorRefusalOf(error) ?? authStrings.errors.unexpected;
    default:
      return error instanceof Error && error.message ? error.message : authStrings.errors.unexpected;
  }
}

/** The address sign-up passed in the router state (signup-form.tsx), when the visitor has just signed up. */
function signedUpEmailOf(routerState: unknown): string | undefined {
  const signedUp = (routerState as { signedUpEmail?: unknown } | null | undefined)?.signedUpEmail;
  return typeof signedUp === 'string' && signedUp ? signedUp : undefined;
}

/**
 * The sign-in form. `verifiedEmail`: drawn on the verification page, just confirmed — the address is filled
 * in and the password focused, so signing in is one step (docs/decisions.md #88).
 */
export function LoginForm({ routerState, verifiedEmail }: { routerState: unknown; verifiedEmail?: string }) {
  const finishSignIn = useFinishSignIn();
  const magicLink = useRequestMagicLink();
  const [magicLinkSentTo, setMagicLinkSentTo] = useState<string>();
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string>();
  const [resending, setResending] = useState(false);
  // The password was right and the merchant has two-factor on: the authenticator code comes next.
  const [awaitingTotpCode, setAwaitingTotpCode] = useState(false);
  const [signInFailure, setSignInFailure] = useState<string>();
  // Straight after sign-up: the address is filled in, and the page says what comes next.
  const signedUpEmail = signedUpEmailOf(routerState);

  const form = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: loginFormResolver,
    defaultValues: { email: verifiedEmail ?? signedUpEmail ?? '', password: '' },
  });
  // A layout effect: the password has focus as the form is drawn. Preact runs a plain effect a frame later,
  // and keys typed in that frame went to the page instead of the password.
  useLayoutEffect(() => {
    if (verifiedEmail) form.setFocus('password');
  }, [form, verifiedEmail]);
  const { errors, isSubmitting } = form.formState;
  const email = useWatch({ control: form.control, name: 'email' });
  const busy = isSubmitting || magicLink.isPending;
  // Prerendered (/login, /signup): lib/hydration.ts.
  const hydrated = useHydrated();
  const formRef = useInputTypedBeforeHydration(form);
  // On the prerendered page a field focused before hydration is what fetched the app (docs/decisions.md #90),
  // and React never heard that focus: warm up now, as the focus would have.
  useEffect(() => {
    if (formRef.current?.contains(document.activeElement)) warmUp();
  }, [formRef]);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setUnconfirmedEmail(undefined);
    setSignInFailure(undefined);
    let auth: Awaited<ReturnType<typeof loadAuth>> | undefined;
    try {
      auth = await loadAuth();
      const outcome = await auth.signInWithPassword(email, password);
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
      const errorName = auth?.authErrorName(error);
      if (errorName === 'UserNotConfirmedException') {
        setUnconfirmedEmail(email);
        toast.error(authStrings.toasts.errorTitle, { description: signInErrorMessage(error, errorName) });
      } else {
        // Said by the form, with the ways forward beside it, rather than in a toast that goes away.
        setSignInFailure(signInErrorMessage(error, errorName));
      }
    }
  });

  const sendMagicLink = async () => {
    const { magicLinkRequestSchema } = await loadValidation();
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
      await (await loadAuth()).resendVerificationEmail(unconfirmedEmail);
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
      <Suspense fallback={null}>
        <TotpSignInStep
          onSignedIn={() => finishSignIn(signedInDestination(routerState))}
          onRestart={() => {
            form.resetField('password');
            setAwaitingTotpCode(false);
          }}
        />
      </Suspense>
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={warmUp}
      className="flex flex-col gap-6"
    >
      {signedUpEmail && !signInFailure && !unconfirmedEmail ? (
        <Alert variant="success" role="status">
          <MailCheck aria-hidden="true" />
          <div>
            <AlertTitle>{strings.signedUpTitle}</AlertTitle>
            <p>{strings.signedUpNextStep(signedUpEmail)}</p>
          </div>
        </Alert>
      ) : null}

      {signInFailure ? (
        <Alert variant="destructive" role="alert">
          <CircleExclamationPoint aria-hidden="true" />
          <div className="flex flex-col gap-1">
            <p>{signInFailure}</p>
            <p>
              <Link
                to="/reset-password"
                state={{ email }}
                className="font-medium underline underline-offset-4 hover:no-underline"
              >
                {strings.resetInstead}
              </Link>{' '}
              {strings.orMagicLink}
            </p>
          </div>
        </Alert>
      ) : null}

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
        <Button type="submit" size="lg" disabled={busy || !hydrated}>
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
          onClick={() => void sendMagicLink()}
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
