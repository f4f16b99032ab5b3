import { useId } from 'react';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Trash2 } from 'lucide-react';
import { CUSTOM_FIELDS_MAX, CUSTOM_FIELD_LABEL_MAX, type CustomFieldInput } from '@shared/contracts/custom-fields';
import type { CustomFieldType } from '@shared/contracts/custom-field-records';
import { CheckboxField } from '@web/components/checkbox-field';
import { FieldList, listErrorOf } from '@web/components/field-list';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { Textarea } from '@web/components/ui/textarea';
import { paymentLinksStrings } from '../payment-links-strings';
import { formPart, type FormPartProps } from './form-part';

const strings = paymentLinksStrings.create.questions;

/** One question as the form holds it: a list's choices are typed one per line. */
export interface QuestionFormValues {
  type: CustomFieldType;
  label: string;
  required: boolean;
  options: string;
}

/** The part of the Create Link form these fields live in. */
export interface WithQuestions {
  questions: QuestionFormValues[];
  collectPhone: boolean;
}

export const NEW_QUESTION: QuestionFormValues = { type: 'text', label: '', required: true, options: '' };

/** The contract's input from the form's: a list's lines become its choices (blank lines are no choice). */
export function toCustomFieldInputs(questions: QuestionFormValues[]): CustomFieldInput[] {
  return questions.map((question) => ({
    type: question.type,
    label: question.label,
    required: question.required,
    options:
      question.type === 'dropdown'
        ? question.options
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
        : [],
  }));
}

/**
 * "Ask the payer" (docs/decisions.md #76): up to three questions Stripe's Checkout asks — short text, a
 * number or a list of choices, each required or optional — and the payer's phone number.
 */
export function LinkQuestionsFields<T extends WithQuestions, TOut>(props: FormPartProps<T, TOut>) {
  const { control, register, errors } = formPart<WithQuestions, T, TOut>(props);
  const { fields, append, remove } = useFieldArray({ control, name: 'questions' });

  return (
    <fieldset className="flex flex-col gap-4 sm:col-span-2">
      <legend className="mb-1 text-base font-semibold">{strings.heading}</legend>
      <p className="text-sm text-muted-foreground">{strings.hint}</p>
      <FieldList
        className="flex flex-col gap-4"
        rows={fields}
        renderRow={(_, index, onRemove) => (
          <QuestionFields
            index={index}
            control={control}
            register={register}
            errors={errors.questions?.[index]}
            onRemove={onRemove!}
          />
        )}
        error={listErrorOf(errors.questions)}
        editing={{
          max: CUSTOM_FIELDS_MAX,
          addLabel: strings.add,
          atLimit: strings.atMost(CUSTOM_FIELDS_MAX),
          // The list moves focus itself, after the row has rendered (react-hook-form's would come an effect later).
          onAdd: () => append({ ...NEW_QUESTION }, { shouldFocus: false }),
          onRemove: remove,
        }}
      />
      <CheckboxField label={strings.phone} hint={strings.phoneHint} {...register('collectPhone')} />
    </fieldset>
  );
}

function QuestionFields({
  index,
  control,
  register,
  errors,
  onRemove,
}: {
  index: number;
  control: Control<WithQuestions>;
  register: UseFormRegister<WithQuestions>;
  errors: FieldErrors<QuestionFormValues> | undefined;
  onRemove: () => void;
}) {
  const ids = { type: useId(), label: useId(), options: useId(), required: useId() };
  const type = useWatch({ control, name: `questions.${index}.type` });
  const number = index + 1;
  return (
    <div
      role="group"
      aria-label={strings.question(number)}
      className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-2"
    >
      <div className="flex items-center justify-between gap-2 sm:col-span-2">
        <h4 className="text-sm font-semibold">{strings.question(number)}</h4>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={strings.remove(number)}>
          <Trash2 aria-hidden="true" />
          {strings.removeShort}
        </Button>
      </div>
      <FormField id={ids.label} label={strings.label} error={errors?.label?.message}>
        <Input
          {...fieldControlProps(ids.label, { error: errors?.label?.message })}
          aria-required="true"
          maxLength={CUSTOM_FIELD_LABEL_MAX}
          autoComplete="off"
          placeholder={strings.labelPlaceholder}
          {...register(`questions.${index}.label`)}
        />
      </FormField>
      <FormField id={ids.type} label={strings.type} error={errors?.type?.message}>
        <NativeSelect
          {...fieldControlProps(ids.type, { error: errors?.type?.message })}
          {...register(`questions.${index}.type`)}
        >
          <option value="text">{strings.types.text}</option>
          <option value="numeric">{strings.types.numeric}</option>
          <option value="dropdown">{strings.types.dropdown}</option>
        </NativeSelect>
      </FormField>
      {type === 'dropdown' ? (
        <FormField
          id={ids.options}
          label={strings.options}
          hint={strings.optionsHint}
          error={errors?.options?.message}
          className="sm:col-span-2"
        >
          <Textarea
            {...fieldControlProps(ids.options, { error: errors?.options?.message, hint: strings.optionsHint })}
            aria-required="true"
            rows={4}
            placeholder={strings.optionsPlaceholder}
            {...register(`questions.${index}.options`)}
          />
        </FormField>
      ) : null}
      <div className="flex items-center gap-3 sm:col-span-2">
        <input
          id={ids.required}
          type="checkbox"
          className="size-5 shrink-0 accent-primary"
          {...register(`questions.${index}.required`)}
        />
        <Label htmlFor={ids.required}>{strings.required}</Label>
      </div>
    </div>
  );
}
