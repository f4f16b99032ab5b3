import { zodResolver } from '@hookform/resolvers/zod';
import { CircleDashed, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiRequestError } from '@web/lib/api-request-error';
import { toast } from '@web/lib/toast';
import * as z from 'zod/mini';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { LoadingState } from '@web/components/loading-state';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { CardHeaderWithStatus } from '@web/components/card-header-with-status';
import { Card, CardContent } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import {
  authenticatorCodeError,
  authenticatorCodeSchema,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/two-factor';
import { settingsStrings } from '../settings-strings';

const strings = settingsStrings.twoFactor;

/**
 * Settings → Two-factor authentication (docs/decisions.md #23, #259): says whether it is on; sets it up
 * after the password, with a QR code (and the key as text) and a code from the app; turns it off with the
 * password and a current code.
 */
export function TwoFactorCard({ email }: { email: string }) {
  const headingId = useId();
  const status = useTwoFactorStatus();
  const setup = useStartTwoFactorSetup(email);
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [turningOff, setTurningOff] = useState(false);
  const [askingPassword, setAskingPassword] = useState(false);
  const enabled = status.data?.enabled === true;

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeaderWithStatus
        title={strings.title}
        titleId={headingId}
        description={strings.description}
        status={
          status.data ? (
            enabled ? (
              <Badge variant="success">
                <ShieldCheck aria-hidden="true" />
                {strings.on}
              </Badge>
            ) : (
              <Badge variant="neutral">
                <CircleDashed aria-hidden="true" />
                {strings.off}
              </Badge>
            )
          ) : null
        }
      />
      <CardContent className="flex flex-col gap-4">
        {status.isPending ? (
          <LoadingState label={strings.loading} />
        ) : status.isError ? (
          <Alert variant="destructive" role="alert" className="flex-col items-start">
            <p>{strings.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
              {strings.retry}
            </Button>
          </Alert>
        ) : enabled ? (
          turningOff ? (
            <AuthenticatorCodeForm
              instructions={strings.turnOffStep}
              askPassword
              submitLabel={strings.disable}
              busyLabel={strings.disabling}
              submitVariant="destructive"
              onSubmit={async (code, password) => {
                await disable.mutateAsync(password, code);
                toast.success(strings.disabledTitle, { description: strings.disabledBody });
              }}
              onCancel={() => setTurningOff(false)}
            />
          ) : (
            <>
              <p className="text-sm">{strings.onDetail}</p>
              <div>
                <Button variant="outline" onClick={() => setTurningOff(true)}>
                  {strings.turnOff}
                </Button>
              </div>
            </>
          )
        ) : setup.data ? (
          <div className="flex flex-col gap-6">
            <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
              <img
                src={setup.data.qrCode}
                alt={strings.qrAlt}
                width={192}
                height={192}
                className="size-48 shrink-0 rounded-md border border-border"
              />
              <div className="flex flex-col gap-3">
                <p className="text-sm">{strings.scanStep}</p>
                <p className="text-sm text-muted-foreground">{strings.manualStep}</p>
                <SetupKey secret={setup.data.secret} />
              </div>
            </div>
            <AuthenticatorCodeForm
              submitLabel={strings.enable}
              busyLabel={strings.enabling}
              onSubmit={async (code) => {
                // The password the setup step checked: the server signs in with it again (#259).
                await enable.mutateAsync(setup.variables ?? '', code);
                toast.success(strings.enabledTitle, { description: strings.enabledBody });
              }}
              onCancel={() => {
                setup.reset();
                setAskingPassword(false);
              }}
            />
          </div>
        ) : askingPassword ? (
          <SetupPasswordForm
            onSubmit={async (password) => {
              await setup.mutateAsync(password);
            }}
            onCancel={() => setAskingPassword(false)}
          />
        ) : (
          <>
            <p className="text-sm">{strings.offDetail}</p>
            <div>
              <Button onClick={() => setAskingPassword(true)}>{strings.setUp}</Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The secret as text, grouped in fours as authenticator apps show keys; read-only so it can be copied. */
function SetupKey({ secret }: { secret: string }) {
  const id = useId();
  return (
    <FormField id={id} label={strings.setupKey}>
      <Input
        {...fieldControlProps(id, {})}
        readOnly
        value={secret.replace(/(.{4})(?=.)/g, '$1 ')}
        className="bg-muted font-mono tracking-wide"
        onFocus={(event) => event.currentTarget.select()}
      />
    </FormField>
  );
}

/** A step's submit button and Cancel, both held while the step is being submitted. */
function FormButtons({
  label,
  variant,
  busy,
  onCancel,
}: {
  label: string;
  variant?: 'destructive';
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <Button type="submit" variant={variant} disabled={busy}>
        {label}
      </Button>
      <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
        {strings.cancel}
      </Button>
    </div>
  );
}

const passwordFormSchema = z.object({ password: z.string().check(z.minLength(1, strings.passwordRequired)) });
type PasswordFormInput = z.input<typeof passwordFormSchema>;

/** The password before a new secret is made (docs/decisions.md #259); a wrong one is explained by its field. */
function SetupPasswordForm({
  onSubmit,
  onCancel,
}: {
  onSubmit: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useForm<PasswordFormInput>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const error = errors.password?.message;
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await onSubmit(password);
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.code === 'password_invalid') {
        form.setError('password', { message: strings.passwordInvalid }, { shouldFocus: true });
        return;
      }
      toast.error(strings.failedTitle, { description: authenticatorCodeError(failure) });
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-sm">{strings.setUpStep}</p>
      <FormField id={id} label={strings.passwordLabel} error={error} className="max-w-xs">
        <Input
          {...fieldControlProps(id, { error })}
          type="password"
          autoComplete="current-password"
          autoFocus
          {...form.register('password')}
        />
      </FormField>
      <FormButtons
        label={isSubmitting ? strings.startingSetup : strings.continueSetup}
        busy={isSubmitting}
        onCancel={onCancel}
      />
    </form>
  );
}

const codeFormSchema = z.object({ code: authenticatorCodeSchema, password: z.string() });
type CodeFormInput = z.input<typeof codeFormSchema>;
type CodeFormOutput = z.output<typeof codeFormSchema>;

/**
 * One code from the authenticator app, and the password first when `askPassword` (turning two-factor off,
 * docs/decisions.md #169); a refused code or password is explained by its field.
 */
function AuthenticatorCodeForm({
  instructions,
  askPassword = false,
  submitLabel,
  busyLabel,
  submitVariant,
  onSubmit,
  onCancel,
}: {
  instructions?: string;
  askPassword?: boolean;
  submitLabel: string;
  busyLabel: string;
  submitVariant?: 'destructive';
  onSubmit: (code: string, password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const passwordId = useId();
  const form = useForm<CodeFormInput, unknown, CodeFormOutput>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const error = errors.code?.message;
  const passwordError = errors.password?.message;

  const submit = form.handleSubmit(async ({ code, password }) => {
    if (askPassword && !password) {
      form.setError('password', { message: strings.passwordRequired }, { shouldFocus: true });
      return;
    }
    try {
      await onSubmit(code, password);
    } catch (failure) {
      const wrongPassword = failure instanceof ApiRequestError && failure.code === 'password_invalid';
      form.setError(
        wrongPassword ? 'password' : 'code',
        { message: wrongPassword ? strings.passwordInvalid : authenticatorCodeError(failure) },
        { shouldFocus: true },
      );
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {instructions ? <p className="text-sm">{instructions}</p> : null}
      {askPassword ? (
        <FormField id={passwordId} label={strings.passwordLabel} error={passwordError} className="max-w-xs">
          <Input
            {...fieldControlProps(passwordId, { error: passwordError })}
            type="password"
            autoComplete="current-password"
            autoFocus
            {...form.register('password')}
          />
        </FormField>
      ) : null}
      <FormField id={id} label={strings.codeLabel} hint={strings.codeHint} error={error} className="max-w-xs">
        <Input
          {...fieldControlProps(id, { error, hint: strings.codeHint })}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          autoFocus={!askPassword}
          {...form.register('code')}
        />
      </FormField>
      <FormButtons
        label={isSubmitting ? busyLabel : submitLabel}
        variant={submitVariant}
        busy={isSubmitting}
        onCancel={onCancel}
      />
    </form>
  );
}
