import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@web/lib/toast';
import {
  merchantProfileUpdateSchema,
  type MerchantProfile,
  type MerchantProfileUpdate,
} from '@shared/contracts/merchant';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useUpdateMerchantProfile, type MerchantProfileChanges } from '../api/update-merchant-profile';
import { settingsStrings } from '../settings-strings';

const strings = settingsStrings.profile;
/** The contract's limit; the field stops there rather than failing on save. */
const NAME_MAX_LENGTH = 120;

type ProfileFormValues = { fullName: string; companyName: string };

function formValuesOf(profile: MerchantProfile): ProfileFormValues {
  return { fullName: profile.fullName, companyName: profile.companyName ?? '' };
}

/** Settings → Profile Settings: full name and company name, checked by the API's own schema. */
export function ProfileSettingsCard({ profile }: { profile: MerchantProfile }) {
  const ids = { email: useId(), fullName: useId(), companyName: useId() };
  const update = useUpdateMerchantProfile();
  const form = useForm<MerchantProfileUpdate, unknown, MerchantProfileChanges>({
    resolver: zodResolver(merchantProfileUpdateSchema),
    defaultValues: formValuesOf(profile),
  });
  const { errors } = form.formState;

  const save = form.handleSubmit(async (changes) => {
    try {
      const saved = await update.mutateAsync(changes);
      form.reset(formValuesOf(saved));
      toast.success(strings.savedTitle, { description: strings.saved });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      toast.error(strings.failedTitle, { description: strings.failed(message) });
      showServerFieldErrors(error, form.setError, (apiField) =>
        apiField === 'fullName' || apiField === 'companyName' ? apiField : undefined,
      );
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{strings.title}</CardTitle>
        <CardDescription>{strings.description}</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={(event) => void save(event)}>
        <CardContent className="grid gap-6 sm:grid-cols-2">
          <FormField id={ids.email} label={strings.email} hint={strings.emailHint} className="sm:col-span-2">
            <Input
              {...fieldControlProps(ids.email, { hint: strings.emailHint })}
              type="email"
              value={profile.email}
              readOnly
              className="bg-muted text-muted-foreground"
            />
          </FormField>

          <FormField id={ids.fullName} label={strings.fullName} error={errors.fullName?.message}>
            <Input
              {...fieldControlProps(ids.fullName, { error: errors.fullName?.message })}
              autoComplete="name"
              maxLength={NAME_MAX_LENGTH}
              {...form.register('fullName')}
            />
          </FormField>

          <FormField
            id={ids.companyName}
            label={strings.companyName}
            optional={strings.optional}
            error={errors.companyName?.message}
          >
            <Input
              {...fieldControlProps(ids.companyName, { error: errors.companyName?.message })}
              autoComplete="organization"
              maxLength={NAME_MAX_LENGTH}
              {...form.register('companyName')}
            />
          </FormField>
        </CardContent>
        <CardFooter className="justify-end border-t border-border pt-6">
          <Button type="submit" className="w-full sm:w-auto" disabled={update.isPending}>
            {update.isPending ? strings.saving : strings.save}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
