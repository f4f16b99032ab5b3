import { useId } from 'react';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { MAX_TIP_PERCENT } from '@shared/money';
import { DEFAULT_TIP_PRESETS, MAX_TIP_PRESETS } from '@shared/tips';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { paymentLinksStrings } from '../payment-links-strings';

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
export function LinkTipFields<T extends WithTips, TOut>({
  control,
  register,
  errors,
}: {
  control: Control<T, unknown, TOut>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  // The generic form is this form's part: react-hook-form's paths are typed on WithTips.
  const own = control as unknown as Control<WithTips>;
  const ownRegister = register as unknown as UseFormRegister<WithTips>;
  const ownErrors = errors as FieldErrors<WithTips>;
  const offersTips = useWatch({ control: own, name: 'offersTips' });
  const switchId = useId();
  const presetIds = [useId(), useId(), useId()];
  const listError = ownErrors.tipPresets?.root?.message ?? ownErrors.tipPresets?.message;
  return (
    <fieldset className="flex flex-col gap-4 sm:col-span-2">
      <legend className="sr-only">{strings.heading}</legend>
      <div className="flex items-start gap-3">
        <input
          id={switchId}
          type="checkbox"
          aria-describedby={`${switchId}-hint`}
          className="mt-0.5 size-5 shrink-0 accent-primary"
          {...ownRegister('offersTips')}
        />
        <div className="flex flex-col gap-1">
          <Label htmlFor={switchId} className="leading-snug">
            {strings.offer}
          </Label>
          <p id={`${switchId}-hint`} className="text-sm text-muted-foreground">
            {strings.offerHint}
          </p>
        </div>
      </div>
      {offersTips ? (
        <div className="grid grid-cols-3 gap-3">
          {presetIds.slice(0, MAX_TIP_PRESETS).map((id, place) => {
            const error = ownErrors.tipPresets?.[place]?.message;
            return (
              <FormField key={id} id={id} label={strings.preset(place + 1)} error={error}>
                <Input
                  {...fieldControlProps(id, { error })}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_TIP_PERCENT}
                  step={1}
                  {...ownRegister(`tipPresets.${place}`)}
                />
              </FormField>
            );
          })}
          <p className="col-span-3 text-sm text-muted-foreground">{strings.presetsHint}</p>
          {listError ? <p className="col-span-3 text-sm font-medium text-destructive">{listError}</p> : null}
        </div>
      ) : null}
    </fieldset>
  );
}
