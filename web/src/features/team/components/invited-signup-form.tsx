import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import {
  invitedSignupFormSchema,
  invitedSignupRequestSchema,
  type InvitationPreview,
} from '@shared/contracts/invited-signup';
import { CheckboxField } from '@web/components/checkbox-field';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { PasswordInput } from '@web/components/password-input';
import { SignInOrUpPrompt } from '@web/components/sign-in-or-up-prompt';
import { PasswordChecklist, PasswordStrengthMeter } from '@web/components/password-requirements';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { ApiRequestError } from '@web/lib/api-request-error';
import { chooseBusiness } from '@web/lib/current-business';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { rememberTeamSignupEmail } from '@web/lib/team-signup-email';
import { useInvitedSignup } from '../api/invited-signup';
import { teamStrings } from '../team-strings';
import { takePendingInvitation } from '../pending-invitation-token';

type FormInput = z.input<typeof invitedSignupFormSchema>;
type FormOutput = z.output<typeof invitedSignupFormSchema>;
type FieldName = keyof FormInput;

const strings = teamStrings.invitedSignup;
const SERVER_FIELDS = new Set<string>(Object.keys(invitedSignupRequestSchema.shape));

/**
 * A person's sign-up from an invitation (docs/decisions.md #277): their name, the invitation's email (fixed),
 * a password and the terms. The server checks the token again and makes the person a member, no business of
 * their own; then, as after every sign-up, they confirm the email and sign in, into the inviting business.
 */
export function InvitedSignupForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const navigate = useNavigate();
  const signUp = useInvitedSignup();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(invitedSignupFormSchema),
    defaultValues: {
      token,
      email: invitation.email,
      fullName: '',
      password: '',
      confirmPassword: '',
      // Unticked at first: the schema takes only `true`, so the form's type has no room for the empty box.
      acceptTerms: false as unknown as true,
    },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  const error = (name: FieldName) => errors[name]?.message;
  const control = (id: FieldName, hint = false) => fieldControlProps(`join-${id}`, { error: error(id), hint });

  const onValid = async ({ confirmPassword: _confirm, ...request }: FormOutput) => {
    try {
      const joined = await signUp.mutateAsync(request);
      // Used: the dashboard must not try to accept it again once they sign in.
      takePendingInvitation();
      chooseBusiness(joined.businessId);
      // A verification email sent again from the sign-in page says they are joining a team, as the first did.
      rememberTeamSignupEmail(joined.email);
      await navigate('/login', { state: { signedUpEmail: joined.email } });
    } catch (failure) {
      if (failure instanceof ApiRequestError) {
        showServerFieldErrors(
          failure,
          form.setError,
          (field) => (SERVER_FIELDS.has(field) ? (field as FieldName) : undefined),
          { focusFirst: true },
        );
      }
    }
  };

  return (
    <Card className="p-6 sm:p-8">
      <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="flex flex-col gap-6">
        <h2 className="text-lg font-semibold">{strings.formTitle}</h2>
        {signUp.isError ? (
          <Alert variant="destructive" role="alert">
            <p className="font-medium">{strings.failedTitle}</p>
            <p>{signUp.error.message}</p>
          </Alert>
        ) : null}
        <FormField id="join-fullName" label={strings.fullName} error={error('fullName')}>
          <Input autoComplete="name" {...control('fullName')} {...form.register('fullName')} />
        </FormField>
        <FormField id="join-email" label={strings.email} error={error('email')} hint={strings.emailHint}>
          <Input type="email" autoComplete="email" readOnly {...control('email', true)} {...form.register('email')} />
        </FormField>
        <FormField
          id="join-password"
          label={strings.password}
          error={error('password')}
          hint={<PasswordStrengthMeter password={password} />}
        >
          <PasswordInput
            autoComplete="new-password"
            showLabel={strings.showPassword}
            hideLabel={strings.hidePassword}
            {...control('password', true)}
            {...form.register('password')}
          />
        </FormField>
        <PasswordChecklist password={password} />
        <FormField id="join-confirmPassword" label={strings.confirmPassword} error={error('confirmPassword')}>
          <PasswordInput
            autoComplete="new-password"
            showLabel={strings.showPassword}
            hideLabel={strings.hidePassword}
            {...control('confirmPassword')}
            {...form.register('confirmPassword')}
          />
        </FormField>
        <div className="flex flex-col gap-2">
          <CheckboxField
            label={strings.terms}
            hint={
              <span className="flex flex-wrap gap-x-4">
                <Link to="/terms" className="underline underline-offset-4">
                  {strings.termsLink}
                </Link>
                <Link to="/privacy" className="underline underline-offset-4">
                  {strings.privacyLink}
                </Link>
              </span>
            }
            aria-invalid={error('acceptTerms') ? true : undefined}
            {...form.register('acceptTerms')}
          />
          {error('acceptTerms') ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error('acceptTerms')}
            </p>
          ) : null}
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          {isSubmitting ? strings.submitting : strings.submit}
        </Button>
        <SignInOrUpPrompt question={strings.haveLogin} linkText={strings.signIn} to="/dashboard" />
      </form>
    </Card>
  );
}
