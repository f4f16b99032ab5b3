import type { Control, FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form';

/** What a part of the Create Link form (its tips, its questions) is handed of the whole form. */
export interface FormPartProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}

/**
 * The whole form seen as its part: react-hook-form types its paths on the values it is given, and a part
 * knows only its own fields (`WithTips`, `WithQuestions`), which the whole form's values extend.
 */
export function formPart<Part extends FieldValues, T extends Part = Part, TOut = unknown>({
  control,
  register,
  errors,
}: FormPartProps<T, TOut>) {
  return {
    control: control as unknown as Control<Part>,
    register: register as unknown as UseFormRegister<Part>,
    errors: errors as FieldErrors<Part>,
  };
}
