import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@web/lib/toast';

/** How long a copy button shows its check mark. */
const COPIED_FOR_MS = 2_000;

/** What the toast says either way, in the words of the feature that copies. */
export interface CopyToasts {
  copied: { title: string; description: string };
  failed: { title: string; description: string };
}

/**
 * Copies text to the clipboard and says so in a toast; `copied` stays true for 2 s afterwards so the
 * button can show a check mark. A refused clipboard (no permission, an old browser) says how to copy by hand.
 */
export function useCopyToClipboard() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string, toasts: CopyToasts) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      console.error('Could not write to the clipboard', error);
      toast.error(toasts.failed.title, { description: toasts.failed.description });
      return;
    }
    toast.success(toasts.copied.title, { description: toasts.copied.description });
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
  }, []);

  return { copied, copy };
}
