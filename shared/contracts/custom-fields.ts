/**
 * A link's questions for the payer (docs/decisions.md #76): up to 3 custom fields — short text, a number, or
 * a list to choose from — that Stripe's Checkout asks and answers on the session, plus the payer's phone.
 * The limits are Stripe's own for Checkout's `custom_fields`.
 */
import * as z from 'zod/mini';
import { plainTextSchema } from '../plain-text';
import { CUSTOM_FIELD_TYPES, type CustomFieldType } from './custom-field-records';

export const CUSTOM_FIELDS_MAX = 3;
export const CUSTOM_FIELD_LABEL_MAX = 50;
export const DROPDOWN_OPTIONS_MAX = 20;
export const DROPDOWN_OPTION_LABEL_MAX = 100;

export const CUSTOM_FIELD_TYPE_MESSAGE = 'Choose the kind of answer: short text, a number or a list of choices.';
export const CUSTOM_FIELDS_MAX_MESSAGE = `A link can ask at most ${CUSTOM_FIELDS_MAX} questions.`;
export const CUSTOM_FIELD_LABEL_MESSAGE = 'Enter the question the payer sees.';
export const CUSTOM_FIELD_LABEL_LENGTH_MESSAGE = `Use at most ${CUSTOM_FIELD_LABEL_MAX} characters for a question.`;
export const CUSTOM_FIELD_LABEL_REPEATED_MESSAGE = 'Each question needs a label of its own.';
export const DROPDOWN_OPTIONS_REQUIRED_MESSAGE = 'Add at least one choice to the list.';
export const DROPDOWN_OPTIONS_MAX_MESSAGE = `A list can offer at most ${DROPDOWN_OPTIONS_MAX} choices.`;
export const DROPDOWN_OPTION_MESSAGE = 'Enter each choice, or remove the empty one.';
export const DROPDOWN_OPTION_LENGTH_MESSAGE = `Use at most ${DROPDOWN_OPTION_LABEL_MAX} characters for a choice.`;
export const DROPDOWN_OPTION_REPEATED_MESSAGE = 'Each choice in a list must be different.';

const sameText = (a: string, b: string) => a.toLocaleLowerCase('en-NZ') === b.toLocaleLowerCase('en-NZ');
const firstRepeat = (texts: string[]) =>
  texts.findIndex((text, index) => texts.findIndex((other) => sameText(other, text)) < index);

/** One question as the Create Link form sends it. */
export const customFieldInputSchema = z.pipe(
  z
    .object({
      type: z.enum(CUSTOM_FIELD_TYPES, CUSTOM_FIELD_TYPE_MESSAGE),
      label: z.pipe(
        plainTextSchema(),
        z
          .string()
          .check(
            z.minLength(1, CUSTOM_FIELD_LABEL_MESSAGE),
            z.maxLength(CUSTOM_FIELD_LABEL_MAX, CUSTOM_FIELD_LABEL_LENGTH_MESSAGE),
          ),
      ),
      required: z._default(z.boolean('Say whether the payer must answer.'), true),
      /** The choices of a list, in the order shown; ignored for the other kinds. */
      options: z.pipe(
        z.nullish(
          z
            .array(
              z.pipe(
                plainTextSchema(),
                z
                  .string()
                  .check(
                    z.minLength(1, DROPDOWN_OPTION_MESSAGE),
                    z.maxLength(DROPDOWN_OPTION_LABEL_MAX, DROPDOWN_OPTION_LENGTH_MESSAGE),
                  ),
              ),
              DROPDOWN_OPTIONS_REQUIRED_MESSAGE,
            )
            .check(z.maxLength(DROPDOWN_OPTIONS_MAX, DROPDOWN_OPTIONS_MAX_MESSAGE)),
        ),
        z.transform((options: string[] | null | undefined) => options ?? []),
      ),
    })
    .check(
      z.superRefine((field, context) => {
        if (field.type !== 'dropdown') return;
        if (field.options.length === 0) {
          context.addIssue({ code: 'custom', path: ['options'], message: DROPDOWN_OPTIONS_REQUIRED_MESSAGE });
        }
        const repeated = firstRepeat(field.options);
        if (repeated >= 0) {
          context.addIssue({ code: 'custom', path: ['options', repeated], message: DROPDOWN_OPTION_REPEATED_MESSAGE });
        }
      }),
    ),
  z.transform((field: { type: CustomFieldType; label: string; required: boolean; options: string[] }) => ({
    ...field,
    options: field.type === 'dropdown' ? field.options : [],
  })),
);
export type CustomFieldInput = z.input<typeof customFieldInputSchema>;

/** The questions of a new link: at most three, each label its own. */
export const customFieldsInputSchema = z
  .pipe(
    z.nullish(
      z
        .array(customFieldInputSchema, 'Send the questions as a list.')
        .check(z.maxLength(CUSTOM_FIELDS_MAX, CUSTOM_FIELDS_MAX_MESSAGE)),
    ),
    z.transform((fields: z.output<typeof customFieldInputSchema>[] | null | undefined) => fields ?? []),
  )
  .check(
    z.superRefine((fields, context) => {
      const repeated = firstRepeat(fields.map((field) => field.label));
      if (repeated >= 0) {
        context.addIssue({ code: 'custom', path: [repeated, 'label'], message: CUSTOM_FIELD_LABEL_REPEATED_MESSAGE });
      }
    }),
  );
