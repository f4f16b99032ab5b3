import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@web/lib/toast';
import {
  merchantProfileUpdateSchema,
  type MerchantProfile,
  type MerchantProfileUpdate,
} from '@shared/contracts/merchant';
import { FormCard } from '@web/components/form-card';
import { FormField, fieldControlProps } from '@web/components/form-field';
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
    <FormCard
      title={strings.title}
      description={strings.description}
      onSubmit={save}
      pending={update.isPending}
      submitLabel={strings.save}
      pendingLabel={strings.saving}
    >
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
    </FormCard>
  );
}
