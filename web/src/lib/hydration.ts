/**
 * The landing, sign-in and sign-up pages arrive drawn at build time (prerender.tsx); their buttons work once
 * React has hydrated them. Two things keep that gap safe: a button that needs the script is disabled until
 * then (a person, or a test, waits for it rather than clicking into nothing), and what a visitor typed
 * meanwhile is handed to the form afterwards.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

const neverChanges = () => () => undefined;

/**
 * `false` in the prerendered HTML and while React hydrates it, `true` from then on (and at once on a page
 * drawn in the browser). A prerendered form's submit button must be disabled until then: pressed before the
 * script has arrived, the browser would submit the form itself, as a GET with every field, the password
 * included, in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * A ref for the `<form>`: once mounted, the fields' values typed before hydration (kept by the browser) are
 * set on the form, so its watchers (the magic-link button, the password checklist), validation and submit
 * all see them. A form drawn in the browser has nothing typed yet.
 */
export function useInputTypedBeforeHydration<Values extends FieldValues>({
  getValues,
  setValue,
}: Pick<UseFormReturn<Values>, 'getValues' | 'setValue'>) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    for (const field of Array.from(formRef.current?.elements ?? [])) {
      if (!(field instanceof HTMLInputElement) || !field.name) continue;
      const typed = field.type === 'checkbox' ? field.checked : field.value;
      if (typed === '' || typed === false) continue;
      const name = field.name as Path<Values>;
      // react-hook-form read the value when the field registered, but tells its watchers of a change only:
      // so the field goes to empty and back, in one task (nothing is painted in between).
      if (getValues(name) === typed)
        setValue(name, (typeof typed === 'boolean' ? false : '') as PathValue<Values, Path<Values>>);
      setValue(name, typed as PathValue<Values, Path<Values>>, { shouldDirty: true });
    }
    // Once, on mount: afterwards react-hook-form hears every input itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return formRef;
}
