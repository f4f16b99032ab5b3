import type { ComponentProps } from 'react';
import { GST_TREATMENTS, type GstTreatment } from '@shared/gst-treatment';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { NativeSelect } from '@web/components/ui/native-select';
import { useTaxSettings } from '@web/features/settings';
import { paymentLinksStrings } from '../payment-links-strings';

const strings = paymentLinksStrings.gst;

/**
 * Whether a link offers the GST choice: only to a merchant registered for GST, whose receipts state GST
 * (docs/decisions.md #136). Anyone else's sales carry no GST whatever the link says.
 */
export function useOffersGstChoice(): boolean {
  return useTaxSettings().data?.gstRegistered === true;
}

/**
 * The link's GST treatment: standard-rated, zero-rated or no GST (#136). The select's own props (a form's
 * `register`, or a value and onChange) pass through.
 */
export function GstTreatmentField({ id, ...select }: { id: string } & ComponentProps<'select'>) {
  return (
    <FormField id={id} label={strings.label} hint={strings.hint}>
      <NativeSelect {...fieldControlProps(id, { hint: strings.hint })} {...select}>
        {GST_TREATMENTS.map((treatment: GstTreatment) => (
          <option key={treatment} value={treatment}>
            {strings.options[treatment]}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
