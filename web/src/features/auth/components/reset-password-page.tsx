import { zodResolver } from '@hookform/resolvers/zod';
import { CircleExclamationPoint, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import * as z from 'zod/mini';
import { emailSchema } from '@shared/contracts/email-address';
import { passwordSchema } from '@shared/contracts/signup';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { PasswordInput } from '@web/components/password-input';
import { PasswordChecklist, PasswordStrengthMeter } from '@web/components/password-requirements';
import { PublicPageShell } from '@web/components/public-page-shell';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { authErrorName, completePasswordReset, requestPasswordReset } from '@web/lib/auth';
import { authStrings } from '../auth-strings';

const strings = authStrings.resetPassword;

/**
 * /reset-password: with `code` and `email` from the emailed link, choose a new password (the same five
 * rules and checklist as sign-up); without them, ask for a link.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const code = params.get('code') ?? '';
  const linkEmail = params.get('email') ?? '';
  // "Forgot password?" on /login hands over what was typed there.
  const typedEmail = (location.state as { email?: unknown } | null)?.email;
  const [linkSentTo, setLinkSentTo] = useState<string>();
  const [requestingNewLink, setRequestingNewLink] = useState(false);

  let content;
  if (linkSentTo) content = <LinkSent email={linkSentTo} />;
  else if (code && linkEmail && !requestingNewLink) {
    content = <ChooseNewPassword code={code} email={linkEmail} onRequestNewLink={() => setRequestingNewLink(true)} />;
  } else {
    const initialEmail = linkEmail || (typeof typedEmail === 'string' ? typedEmail : '');
    content = <RequestResetLink initialEmail={initialEmail} onSent={setLinkSentTo} />;
  }

  return (
    <PublicPageShell>
      <div className="mx-auto flex w-full max-w-md flex-col gap-6">
        {content}
        <p className="text-center text-sm text-muted-foreground">
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {strings.backToLogin}
          </Link>
        </p>
      </div>
    </PublicPageShell>
  );
}

const requestSchema = z.object({ email: emailSchema });
type RequestInput = z.input<typeof requestSchema>;
type RequestOutput = z.output<typeof requestSchema>;

function RequestResetLink({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const form = useForm<RequestInput, unknown, RequestOutput>({
    resolver: zodResolver(requestSchema),
    defaultValues: { email: initialEmail },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      onSent(email);
    } catch (error) {
      toast.error(authStrings.toasts.errorTitle, {
        description: error instanceof Error ? error.message : authStrings.errors.unexpected,
      });
    }
  });
  const emailError = errors.email?.message;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          {strings.requestHeading}
        </CardTitle>
        <CardDescription>{strings.requestIntro}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
          <FormField id="reset-email" label={authStrings.fields.email} error={emailError}>
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              {...fieldControlProps('reset-email', { error: emailError })}
              {...form.register('email')}
            />
          </FormField>
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? strings.sendingLink : strings.sendLink}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function LinkSent({ email }: { email: string }) {
  return (
    <Card>
      <CardHeader className="items-center gap-4 text-center" role="status">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">
          <MailCheck aria-hidden="true" className="size-7" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          {strings.linkSentHeading}
        </CardTitle>
        <CardDescription className="text-base">{strings.linkSent(email)}</CardDescription>
        <p className="text-sm text-muted-foreground">{strings.supportHint}</p>
      </CardHeader>
    </Card>
  );
}

const newPasswordSchema = z.object({ password: passwordSchema, confirmPassword: z.string() }).check(
  z.refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: authStrings.passwordMismatch,
  }),
);
type NewPasswordForm = z.infer<typeof newPasswordSchema>;

function ChooseNewPassword({
  code,
  email,
  onRequestNewLink,
}: {
  code: string;
  email: string;
  onRequestNewLink: () => void;
}) {
  const navigate = useNavigate();
  const [linkProblem, setLinkProblem] = useState<string>();
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setLinkProblem(undefined);
    try {
      await completePasswordReset(email, code, password);
      toast.success(authStrings.toasts.passwordResetTitle, { description: authStrings.toasts.passwordResetBody });
      await navigate('/login', { replace: true });
    } catch (error) {
      const name = authErrorName(error);
      const message = error instanceof Error && error.message ? error.message : authStrings.errors.unexpected;
      if (name === 'CodeMismatchException') setLinkProblem(strings.codeMismatch);
      else if (name === 'ExpiredCodeException') setLinkProblem(strings.codeExpired);
      // Too many wrong codes spent this one.
      else if (name === 'LimitExceededException') setLinkProblem(strings.tooManyAttempts);
      else if (name === 'InvalidPasswordException') form.setError('password', { message }, { shouldFocus: true });
      else toast.error(authStrings.toasts.errorTitle, { description: message });
    }
  });

  const passwordError = errors.password?.message;
  const confirmError = errors.confirmPassword?.message;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          {strings.chooseHeading}
        </CardTitle>
        <CardDescription>{strings.chooseIntro(email)}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
          {linkProblem ? (
            <Alert variant="destructive" role="alert">
              <CircleExclamationPoint aria-hidden="true" />
              <div className="flex flex-col items-start gap-2">
                <p>{linkProblem}</p>
                <Button variant="outline" size="sm" onClick={onRequestNewLink}>
                  {strings.requestNewLink}
                </Button>
              </div>
            </Alert>
          ) : null}
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <FormField
            id="new-password"
            label={strings.newPassword}
            error={passwordError}
            hint={<PasswordStrengthMeter password={password} />}
          >
            <PasswordInput
              autoComplete="new-password"
              showLabel={authStrings.fields.showPassword}
              hideLabel={authStrings.fields.hidePassword}
              {...fieldControlProps('new-password', { error: passwordError, hint: true })}
              {...form.register('password')}
            />
          </FormField>
          <PasswordChecklist password={password} />
          <FormField id="confirm-new-password" label={strings.confirmPassword} error={confirmError}>
            <PasswordInput
              autoComplete="new-password"
              showLabel={authStrings.fields.showPassword}
              hideLabel={authStrings.fields.hidePassword}
              {...fieldControlProps('confirm-new-password', { error: confirmError })}
              {...form.register('confirmPassword')}
            />
          </FormField>
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? strings.saving : strings.save}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
