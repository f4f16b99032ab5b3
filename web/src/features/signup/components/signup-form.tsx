import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import type { z } from 'zod';
import {
  COUNTRY_CODES,
  DEFAULT_COUNTRY_CODE,
  SIGNUP_ERROR_CODES,
  signupFormSchema,
  signupRequestSchema,
} from '@shared/contracts/signup';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { PasswordInput } from '@web/components/password-input';
import { SignInOrUpPrompt } from '@web/components/sign-in-or-up-prompt';
import { PasswordChecklist, PasswordStrengthMeter } from '@web/components/password-requirements';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import { ApiRequestError } from '@web/lib/api-request-error';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useCreateAccount } from '../api/create-account';
import { signupStrings } from '../signup-strings';
import { BotCheck, finishBotCheck } from './bot-check';
import { useHydrated, useInputTypedBeforeHydration } from '@web/lib/hydration';

type SignupFormInput = z.input<typeof signupFormSchema>;
type SignupFormOutput = z.output<typeof signupFormSchema>;
type SignupFieldName = keyof SignupFormInput;

const strings = signupStrings;
const toasts = signupStrings.toasts;
const SERVER_FIELDS = new Set<string>(Object.keys(signupRequestSchema.shape));

const defaultValues: SignupFormInput = {
  fullName: '',
  email: '',
  password: '',
  confirmPassword: '',
  countryCode: DEFAULT_COUNTRY_CODE,
  phone: '',
  businessName: '',
  businessAddress: '',
  websiteUrl: '',
  businessDescription: '',
  botCheck: '',
};

/** The business sign-up form: three numbered sections, validated by the same schema the server uses. */
export function SignupForm() {
  const navigate = useNavigate();
  const createAccount = useCreateAccount();
  const [botCheckRound, setBotCheckRound] = useState(0);
  const [existingEmail, setExistingEmail] = useState<string>();
  const [finishingBotCheck, setFinishingBotCheck] = useState(false);

  const form = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: zodResolver(signupFormSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const [password, email] = useWatch({ control: form.control, name: ['password', 'email'] });

  const { setValue } = form;
  const onBotCheckPayload = useCallback(
    (payload: string) => setValue('botCheck', payload, { shouldValidate: isSubmitted }),
    [setValue, isSubmitted],
  );

  const sendPasswordReset = async (address: string) => {
    try {
      // lib/auth carries Amplify: fetched for this rare step, not with the sign-up page.
      const { requestPasswordReset } = await import('@web/lib/auth');
      await requestPasswordReset(address);
      toast.success(toasts.resetSentTitle, { description: toasts.resetSentBody });
    } catch (error) {
      toast.error(toasts.genericErrorTitle, { description: error instanceof Error ? error.message : undefined });
    }
  };

  const onValid = async ({ confirmPassword: _confirm, ...request }: SignupFormOutput) => {
    setExistingEmail(undefined);
    try {
      const created = await createAccount.mutateAsync(request);
      toast.success(toasts.createdTitle, { description: toasts.createdBody(created.email) });
      await navigate('/login', { state: { signedUpEmail: created.email } });
    } catch (error) {
      // A bot-check payload works once, so any refused attempt needs a fresh one.
      setValue('botCheck', '');
      setBotCheckRound((round) => round + 1);
      showSignupError(error, request.email);
    }
  };

  const showSignupError = (error: unknown, address: string) => {
    if (!(error instanceof ApiRequestError)) {
      toast.error(toasts.errorTitle, { description: error instanceof Error ? error.message : undefined });
      return;
    }
    if (error.code === SIGNUP_ERROR_CODES.accountExists) {
      setExistingEmail(address);
      form.setError('email', { message: error.message || toasts.accountExistsBody }, { shouldFocus: true });
      toast.error(toasts.accountExistsTitle, {
        description: toasts.accountExistsBody,
        action: { label: toasts.signInInstead, onClick: () => void navigate('/login') },
        cancel: { label: toasts.resetPassword, onClick: () => void sendPasswordReset(address) },
      });
      return;
    }
    if (error.code === SIGNUP_ERROR_CODES.botCheckFailed) {
      form.setError('botCheck', { message: error.message });
    }
    showServerFieldErrors(
      error,
      form.setError,
      (apiField) => (SERVER_FIELDS.has(apiField) ? (apiField as SignupFieldName) : undefined),
      { focusFirst: true },
    );
    toast.error(toasts.errorTitle, { description: error.message });
  };

  // Each problem is said under its field (the first one focused), not again in a toast.
  const validateAndSubmit = form.handleSubmit(onValid);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.getValues('botCheck')) {
      // Pressed before the bot check was done: finish it rather than send the person back to it.
      setFinishingBotCheck(true);
      const payload = await finishBotCheck(event.currentTarget);
      setFinishingBotCheck(false);
      if (payload) setValue('botCheck', payload);
    }
    await validateAndSubmit();
  };
  const busy = isSubmitting || finishingBotCheck;
  // Prerendered (/login, /signup): lib/hydration.ts.
  const hydrated = useHydrated();
  const formRef = useInputTypedBeforeHydration(form);
  const error = (name: SignupFieldName) => errors[name]?.message;
  const control = (id: SignupFieldName, hint = false) => fieldControlProps(`signup-${id}`, { error: error(id), hint });

  return (
    <Card className="p-6 sm:p-8">
      <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-10">
        <FormSection number={1} id="signup-account" title={strings.sections.account}>
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField id="signup-fullName" label={strings.fields.fullName} error={error('fullName')}>
              <Input autoComplete="name" {...control('fullName')} {...form.register('fullName')} />
            </FormField>
            <div className="flex flex-col gap-2">
              <FormField id="signup-email" label={strings.fields.email} error={error('email')}>
                <Input
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  {...control('email')}
                  {...form.register('email')}
                />
              </FormField>
              {existingEmail && existingEmail === email.trim().toLowerCase() ? (
                <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
                    {toasts.signInInstead}
                  </Link>
                  <button
                    type="button"
                    onClick={() => void sendPasswordReset(existingEmail)}
                    className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {toasts.resetPassword}
                  </button>
                </p>
              ) : null}
            </div>
          </div>

          <FormField
            id="signup-password"
            label={strings.fields.password}
            error={error('password')}
            hint={<PasswordStrengthMeter password={password} />}
          >
            <PasswordInput
              autoComplete="new-password"
              showLabel={strings.fields.showPassword}
              hideLabel={strings.fields.hidePassword}
              {...control('password', true)}
              {...form.register('password')}
            />
          </FormField>
          <PasswordChecklist password={password} />
          <FormField
            id="signup-confirmPassword"
            label={strings.fields.confirmPassword}
            error={error('confirmPassword')}
          >
            <PasswordInput
              autoComplete="new-password"
              showLabel={strings.fields.showPassword}
              hideLabel={strings.fields.hidePassword}
              {...control('confirmPassword')}
              {...form.register('confirmPassword')}
            />
          </FormField>

          <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-x-2 gap-y-6 sm:grid-cols-[10rem_minmax(0,1fr)]">
            <FormField id="signup-countryCode" label={strings.fields.countryCode} error={error('countryCode')}>
              <NativeSelect
                autoComplete="tel-country-code"
                {...control('countryCode')}
                {...form.register('countryCode')}
              >
                {COUNTRY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {strings.countryNames[code]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id="signup-phone" label={strings.fields.phone} error={error('phone')}>
              <Input
                type="tel"
                autoComplete="tel-national"
                inputMode="tel"
                placeholder={strings.fields.phonePlaceholder}
                {...control('phone')}
                {...form.register('phone')}
              />
            </FormField>
          </div>
        </FormSection>

        <FormSection number={2} id="signup-business" title={strings.sections.business}>
          <FormField id="signup-businessName" label={strings.fields.businessName} error={error('businessName')}>
            <Input autoComplete="organization" {...control('businessName')} {...form.register('businessName')} />
          </FormField>
          <FormField
            id="signup-businessAddress"
            label={strings.fields.businessAddress}
            error={error('businessAddress')}
          >
            <Input
              autoComplete="street-address"
              {...control('businessAddress')}
              {...form.register('businessAddress')}
            />
          </FormField>
          <FormField id="signup-websiteUrl" label={strings.fields.websiteUrl} error={error('websiteUrl')}>
            <Input
              type="url"
              autoComplete="url"
              inputMode="url"
              placeholder={strings.fields.websiteUrlPlaceholder}
              {...control('websiteUrl')}
              {...form.register('websiteUrl')}
            />
          </FormField>
          <FormField
            id="signup-businessDescription"
            label={strings.fields.businessDescription}
            error={error('businessDescription')}
          >
            <Textarea
              rows={3}
              placeholder={strings.fields.businessDescriptionPlaceholder}
              {...control('businessDescription')}
              {...form.register('businessDescription')}
            />
          </FormField>
        </FormSection>

        <FormSection number={3} id="signup-security" title={strings.sections.security}>
          <p className="text-sm text-muted-foreground">{strings.botCheck.intro}</p>
          <div className="flex flex-col gap-2">
            <BotCheck round={botCheckRound} onPayloadChange={onBotCheckPayload} />
            {error('botCheck') ? (
              <p id="signup-botCheck-error" className="text-sm font-medium text-destructive">
                {error('botCheck')}
              </p>
            ) : null}
          </div>
        </FormSection>

        <div className="flex flex-col gap-4 border-t border-border pt-8">
          <Button type="submit" size="lg" disabled={busy || !hydrated} className="w-full">
            {busy ? strings.submitting : strings.submit}
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            {strings.legal.before}
            <Link to="/terms" className="text-foreground underline underline-offset-4">
              {strings.legal.terms}
            </Link>
            {strings.legal.and}
            <Link to="/privacy" className="text-foreground underline underline-offset-4">
              {strings.legal.privacy}
            </Link>
            {strings.legal.after}
          </p>
          <SignInOrUpPrompt question={strings.haveAccount} linkText={strings.signInHere} to="/login" />
        </div>
      </form>
    </Card>
  );
}

function FormSection({
  number,
  id,
  title,
  children,
}: {
  number: number;
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-6">
      <h2 id={id} className="flex items-center gap-3 text-lg font-semibold">
        <span
          aria-hidden="true"
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary"
        >
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}
