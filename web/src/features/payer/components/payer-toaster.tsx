import { lazy, Suspense, useEffect } from 'react';

let toasterMounted: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => (toasterMounted = resolve));

// sonner loads only once a page asks for toasts (the success page, when the payer opens the receipt dialog).
const LazyToaster = lazy(async () => {
  const { Toaster } = await import('sonner');
  return {
    default: function MountedToaster() {
      // Toaster subscribes to new toasts in its own effect, which runs before this one.
      useEffect(() => toasterMounted(), []);
      // Notifications last 4 s, sonner's default; placed as in the merchant app.
      return <Toaster position="top-right" richColors closeButton />;
    },
  };
});

/** Where the payer's toasts appear; render it before the first toast is due, so sonner is loaded by then. */
export function PayerToaster() {
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}

/** A success toast (title + description), shown once the toaster is on the page. */
export async function showSuccessToast(title: string, description: string) {
  const [{ toast }] = await Promise.all([import('sonner'), toasterReady]);
  toast.success(title, { description });
}
