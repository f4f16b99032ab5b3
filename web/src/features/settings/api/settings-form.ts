import type { UseMutationResult } from '@tanstack/react-query';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { toast } from '@web/lib/toast';

/** What a settings card says when it saves, or cannot. */
export interface SaveWords {
  savedTitle: string;
  saved: string;
  failedTitle: string;
  failed: (message: string) => string;
}

/**
 * A settings card's form and its save (Profile, Contact for your customers, Tax): the form checked by the
 * API's own schema; saving shows the saved values, or the API's words in a toast and under the fields it
 * names that this form has.
 */
export function useSettingsForm<TValues extends FieldValues, TChanges, TSaved>({
  resolver,
  saved,
  valuesOf,
  mutation,
  words,
  fields,
}: {
  resolver: Resolver<TValues, unknown, TChanges>;
  /** What is saved now: the form starts from it. */
  saved: TSaved;
  valuesOf: (saved: TSaved) => DefaultValues<TValues>;
  mutation: UseMutationResult<TSaved, Error, TChanges>;
  words: SaveWords;
  /** The form's fields that the API may name in a refusal. */
  fields: readonly Path<TValues>[];
}) {
  const form = useForm<TValues, unknown, TChanges>({ resolver, defaultValues: valuesOf(saved) });

  const submit = form.handleSubmit(async (changes) => {
    try {
      form.reset(valuesOf(await mutation.mutateAsync(changes)));
      toast.success(words.savedTitle, { description: words.saved });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      toast.error(words.failedTitle, { description: words.failed(message) });
      showServerFieldErrors(error, form.setError, (apiField) => fields.find((field) => field === apiField));
    }
  });

  return { form, submit, pending: mutation.isPending };
}
