import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { merchantContactUpdateSchema, type MerchantProfile } from '@shared/contracts/merchant';
import { FormCard } from '@web/components/form-card';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { useSettingsForm } from '../api/settings-form';
import { useUpdateMerchantProfile } from '../api/update-merchant-profile';
import { settingsStrings } from '../settings-strings';

const strings = settingsStrings.contact;

type ContactFormValues = { contactEmail: string; contactPhone: string };

function formValuesOf(profile: MerchantProfile): ContactFormValues {
  return { contactEmail: profile.contactEmail ?? '', contactPhone: profile.contactPhone ?? '' };
}

/**
 * Settings → Contact for your customers (docs/decisions.md #243): the Reply-To and the phone a payer's emails
 * carry. Empty fields fall back to the account's email and the sign-up phone, which the hints name.
 */
export function CustomerContactCard({ profile }: { profile: MerchantProfile }) {
  const ids = { email: useId(), phone: useId() };
  const { form, submit, pending } = useSettingsForm({
    resolver: zodResolver(merchantContactUpdateSchema),
    saved: profile,
    valuesOf: formValuesOf,
    mutation: useUpdateMerchantProfile(),
    words: strings,
    fields: ['contactEmail', 'contactPhone'],
  });
  const { errors } = form.formState;

  const emailHint = strings.emailHint(profile.email);
  return (
    <FormCard
      title={strings.title}
      description={strings.description}
      onSubmit={submit}
      pending={pending}
      submitLabel={strings.save}
      pendingLabel={strings.saving}
    >
      <FormField
        id={ids.email}
        label={strings.email}
        optional={settingsStrings.profile.optional}
        hint={emailHint}
        error={errors.contactEmail?.message}
      >
        <Input
          {...fieldControlProps(ids.email, { hint: emailHint, error: errors.contactEmail?.message })}
          type="email"
          autoComplete="email"
          placeholder={profile.email}
          {...form.register('contactEmail')}
        />
      </FormField>

      <FormField
        id={ids.phone}
        label={strings.phone}
        optional={settingsStrings.profile.optional}
        hint={strings.phoneHint}
        error={errors.contactPhone?.message}
      >
        <Input
          {...fieldControlProps(ids.phone, { hint: strings.phoneHint, error: errors.contactPhone?.message })}
          type="tel"
          autoComplete="tel"
          {...form.register('contactPhone')}
        />
      </FormField>
    </FormCard>
  );
}
