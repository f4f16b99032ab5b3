import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { taxSettingsUpdateSchema, type TaxSettings } from '@shared/contracts/tax';
import { formatGstNumber } from '@shared/gst-number';
import { CheckboxField } from '@web/components/checkbox-field';
import { FormCard } from '@web/components/form-card';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { LoadFailedCard } from '@web/components/load-failed-card';
import { LoadingState } from '@web/components/loading-state';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { useSettingsForm } from '../api/settings-form';
import { useSaveTaxSettings, useTaxSettings } from '../api/tax-settings';
import { settingsStrings } from '../settings-strings';

const strings = settingsStrings.tax;
const FIELDS = ['gstRegistered', 'gstNumber', 'legalName', 'address', 'tipTreatment', 'showSmallReceiptGst'] as const;

type TaxFormValues = {
  gstRegistered: boolean;
  gstNumber: string;
  legalName: string;
  address: string;
  tipTreatment: TaxSettings['tipTreatment'];
  showSmallReceiptGst: boolean;
};

function formValuesOf(settings: TaxSettings): TaxFormValues {
  return {
    gstRegistered: settings.gstRegistered,
    gstNumber: settings.gstNumber ? formatGstNumber(settings.gstNumber) : '',
    legalName: settings.legalName ?? '',
    address: settings.address ?? '',
    tipTreatment: settings.tipTreatment,
    showSmallReceiptGst: settings.showSmallReceiptGst,
  };
}

/** Settings → Tax (docs/decisions.md #64, #66, #176): loads the settings, then the form. */
export function TaxSettingsCard() {
  const settings = useTaxSettings();
  if (settings.isPending) return <LoadingState label={strings.loading} />;
  if (settings.isLoadingError)
    return (
      <LoadFailedCard
        title={strings.loadFailedTitle}
        message={strings.loadFailed(settings.error.message)}
        retryLabel={strings.retry}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  return <TaxSettingsForm settings={settings.data} />;
}

function TaxSettingsForm({ settings }: { settings: TaxSettings }) {
  const ids = {
    gstNumber: useId(),
    legalName: useId(),
    address: useId(),
    tips: useId(),
  };
  const { form, submit, pending } = useSettingsForm({
    resolver: zodResolver(taxSettingsUpdateSchema),
    saved: settings,
    valuesOf: formValuesOf,
    mutation: useSaveTaxSettings(),
    words: strings,
    fields: FIELDS,
  });
  const { errors } = form.formState;
  const registered = useWatch({ control: form.control, name: 'gstRegistered' });

  return (
    <FormCard
      title={strings.title}
      description={strings.description}
      onSubmit={submit}
      pending={pending}
      submitLabel={strings.save}
      pendingLabel={strings.saving}
    >
      <CheckboxField
        className="sm:col-span-2"
        label={strings.registered}
        hint={strings.registeredHint}
        {...form.register('gstRegistered')}
      />

      {registered ? (
        <>
          <FormField
            id={ids.gstNumber}
            label={strings.gstNumber}
            hint={strings.gstNumberHint}
            error={errors.gstNumber?.message}
          >
            <Input
              {...fieldControlProps(ids.gstNumber, {
                error: errors.gstNumber?.message,
                hint: strings.gstNumberHint,
              })}
              aria-required="true"
              inputMode="numeric"
              autoComplete="off"
              maxLength={13}
              {...form.register('gstNumber')}
            />
          </FormField>

          <FormField
            id={ids.legalName}
            label={strings.legalName}
            hint={strings.legalNameHint}
            error={errors.legalName?.message}
          >
            <Input
              {...fieldControlProps(ids.legalName, {
                error: errors.legalName?.message,
                hint: strings.legalNameHint,
              })}
              aria-required="true"
              autoComplete="organization"
              maxLength={120}
              {...form.register('legalName')}
            />
          </FormField>

          <FormField
            id={ids.address}
            label={strings.address}
            optional={strings.optional}
            hint={strings.addressHint}
            error={errors.address?.message}
            className="sm:col-span-2"
          >
            <Textarea
              {...fieldControlProps(ids.address, { error: errors.address?.message, hint: strings.addressHint })}
              rows={2}
              maxLength={300}
              autoComplete="street-address"
              {...form.register('address')}
            />
          </FormField>

          <div className="flex flex-col gap-1 rounded-lg bg-surface p-4 sm:col-span-2">
            <p className="text-sm font-medium">{strings.pricesIncludeGst}</p>
            <p className="text-sm text-muted-foreground">{strings.pricesIncludeGstDetail}</p>
          </div>

          <CheckboxField
            className="sm:col-span-2"
            label={strings.showSmallReceiptGst}
            hint={strings.showSmallReceiptGstHint}
            {...form.register('showSmallReceiptGst')}
          />

          <fieldset className="flex flex-col gap-2 sm:col-span-2" aria-describedby={`${ids.tips}-hint`}>
            <legend className="mb-2 text-sm font-medium">{strings.tipsLegend}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {(
                [
                  ['part-of-supply', strings.tipsPartOfSupply],
                  ['outside-supply', strings.tipsOutsideSupply],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-input bg-background px-4 text-sm font-medium has-checked:border-primary has-checked:bg-primary-soft"
                >
                  <input
                    type="radio"
                    value={value}
                    className="size-5 shrink-0 accent-primary"
                    {...form.register('tipTreatment')}
                  />
                  {label}
                </label>
              ))}
            </div>
            <p id={`${ids.tips}-hint`} className="text-sm text-muted-foreground">
              {strings.tipsHint}
            </p>
          </fieldset>
        </>
      ) : null}
    </FormCard>
  );
}
