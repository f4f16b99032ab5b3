/**
 * Toasts (sonner), with sonner loaded by the first toast instead of with the page: sonner's module writes its
 * stylesheet into the page as it is evaluated, ~20 ms of a laptop's main thread and four times that on a
 * phone, and in the dashboard's first visit that was one of the longest tasks (docs/decisions.md #110).
 * A toast is never needed before someone has done something, so the first one waits for the module (a few
 * KB); the `<Toaster>` appears once the module is in, and sonner shows it every toast made before then.
 */
import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');
type Message = Parameters<Sonner['toast']>[0];

let loading: Promise<Sonner> | undefined;
let loaded: Sonner | undefined;
const whenLoaded = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      loaded = module;
      whenLoaded.forEach((notify) => notify());
      return module;
    },
    (error: unknown) => {
      loading = undefined; // the next toast asks again
      throw error;
    },
  );
  return loading;
}

/** Starts loading sonner ahead of a toast that is about to be due (a dialog whose result is a toast). */
export function prepareToasts(): void {
  loadSonner().catch(reportNotLoaded);
}

/** A module that did not arrive (offline) shows nothing; the next toast asks again. */
const reportNotLoaded = (error: unknown) => console.error('Could not load the notifications', error);

/** Runs `show` with sonner's `toast` once sonner is in. */
function later(show: (sonnerToast: Sonner['toast']) => void): void {
  loadSonner().then((module) => show(module.toast), reportNotLoaded);
}

let lastToastId = 0;

/** sonner's `toast`, for the calls this app makes; each returns at once and the toast shows when it can. */
export const toast = Object.assign((message: Message, options?: ExternalToast) => later((t) => t(message, options)), {
  success: (message: Message, options?: ExternalToast) => later((t) => t.success(message, options)),
  error: (message: Message, options?: ExternalToast) => later((t) => t.error(message, options)),
  info: (message: Message, options?: ExternalToast) => later((t) => t.info(message, options)),
  warning: (message: Message, options?: ExternalToast) => later((t) => t.warning(message, options)),
  /** Returns the toast's id at once (chosen here), for the success or error that replaces it. */
  loading: (message: Message, options?: ExternalToast): string | number => {
    const id = options?.id ?? `toast-${++lastToastId}`;
    later((t) => t.loading(message, { ...options, id }));
    return id;
  },
});

const subscribe = (notify: () => void) => {
  whenLoaded.add(notify);
  return () => whenLoaded.delete(notify);
};

/** Where toasts appear (top right; 4 s each, sonner's default), drawn from the first toast on. */
export function Toaster() {
  // Nothing on the server (the prerendered pages): the first toast comes after the page is in a browser.
  const sonner = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => undefined,
  );
  return sonner ? <sonner.Toaster position="top-right" richColors closeButton /> : null;
}
