import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { MAX_TIP_PERCENT } from '@shared/money';
import { DEFAULT_TIP_PRESETS, MAX_TIP_PRESETS } from '@shared/tips';
import { CheckboxField } from '@web/components/checkbox-field';
import { FieldList, listErrorOf } from '@web/components/field-list';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { paymentLinksStrings } from '../payment-links-strings';
import { formPart, type FormPartProps } from './form-part';

const strings = paymentLinksStrings.create.tips;

/** The part of the Create Link form the tips live in: a switch, and the presets as typed (empty is none). */
export interface WithTips {
  offersTips: boolean;
  tipPresets: string[];
}

export const TIP_FORM_DEFAULTS: WithTips = {
  offersTips: false,
  tipPresets: Array.from({ length: MAX_TIP_PRESETS }, (_, index) => String(DEFAULT_TIP_PRESETS[index] ?? '')),
};

/** The presets as the contract takes them: the filled ones in order; text that is no number stays NaN, and fails. */
export function toTipPresetsInput(values: WithTips): number[] {
  return values.offersTips ? filledTipPlaces(values).map((place) => Number(values.tipPresets[place]!.trim())) : [];
}

/** The places of the presets typed in: the contract's index into the list is one of these. */
export function filledTipPlaces(values: WithTips): number[] {
  return values.tipPresets.flatMap((text, place) => (text.trim() === '' ? [] : [place]));
}

/**
 * Tips (docs/decisions.md #205): off by default; turned on, up to three percentages (10, 15 and 20 to start)
 * the payer chooses from, beside No Tip and their own amount.
 */
export function LinkTipFields<T extends WithTips, TOut>(props: FormPartProps<T, TOut>) {
  const { control, register, errors } = formPart<WithTips, T, TOut>(props);
  const offersTips = useWatch({ control, name: 'offersTips' });
  const presetIds = useId();
  const places = Array.from({ length: MAX_TIP_PRESETS }, (_, place) => ({ id: `${presetIds}-${place + 1}` }));
  return (
    <fieldset className="flex flex-col gap-4 sm:col-span-2">
      <legend className="sr-only">{strings.heading}</legend>
      <CheckboxField label={strings.offer} hint={strings.offerHint} {...register('offersTips')} />
      {offersTips ? (
        <FieldList
          className="grid grid-cols-3 gap-3"
          rows={places}
          renderRow={(row, place) => {
            const error = errors.tipPresets?.[place]?.message;
            return (
              <FormField id={row.id} label={strings.preset(place + 1)} error={error}>
                <Input
                  {...fieldControlProps(row.id, { error })}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_TIP_PERCENT}
                  step={1}
                  {...register(`tipPresets.${place}`)}
                />
              </FormField>
            );
          }}
          hint={strings.presetsHint}
          error={listErrorOf(errors.tipPresets)}
        />
      ) : null}
    </fieldset>
  );
}
