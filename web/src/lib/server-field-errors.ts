import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-request-error';

/**
 * Shows a refused request's per-field messages (a 400's `fields`) under the form's own fields, as its own
 * checks would. `formFieldOf` names the form field for each API field; API fields it leaves out are not on
 * this form and stay in the toast. Anything but an ApiRequestError is left alone.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFieldOf: (apiField: string) => Path<T> | undefined,
  options: { focusFirst?: boolean } = {},
): void {
  if (!(error instanceof ApiRequestError)) return;
  const onForm = Object.entries(error.fields).flatMap(([apiField, message]) => {
    const field = formFieldOf(apiField);
    return field ? [[field, message] as const] : [];
  });
  onForm.forEach(([field, message], index) =>
    setError(field, { message }, { shouldFocus: Boolean(options.focusFirst) && index === 0 }),
  );
}
