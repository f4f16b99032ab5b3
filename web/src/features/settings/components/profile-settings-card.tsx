import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { merchantProfileUpdateSchema, type MerchantProfile } from '@shared/contracts/merchant';
import { FormCard } from '@web/components/form-card';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { useSettingsForm } from '../api/settings-form';
import { useUpdateMerchantProfile } from '../api/update-merchant-profile';
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
  const { form, submit, pending } = useSettingsForm({
    resolver: zodResolver(merchantProfileUpdateSchema),
    saved: profile,
    valuesOf: formValuesOf,
    mutation: useUpdateMerchantProfile(),
    words: strings,
    fields: ['fullName', 'companyName'],
  });
  const { errors } = form.formState;

  return (
    <FormCard
      title={strings.title}
      description={strings.description}
      onSubmit={submit}
      pending={pending}
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
