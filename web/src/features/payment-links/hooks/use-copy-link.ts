import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { paymentLinksStrings } from '../payment-links-strings';

const strings = paymentLinksStrings.copy;
/** How long a copy button shows its check mark. */
const COPIED_FOR_MS = 2_000;

export interface CopyConfirmation {
  title: string;
  description: string;
}

/**
 * Copies a payment link to the clipboard and says so ('Copied!'); `copied` is true for 2 s afterwards so
 * the button can show a check mark. Instagram has no share URL, so its button copies with its own words.
 */
export function useCopyLink() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(
    async (
      url: string,
      confirmation: CopyConfirmation = { title: strings.copied, description: strings.copiedDetail },
    ) => {
      try {
        await navigator.clipboard.writeText(url);
      } catch (error) {
        console.error('Could not write the payment link to the clipboard', error);
        toast.error(paymentLinksStrings.errorTitle, { description: strings.failed });
        return;
      }
      toast.success(confirmation.title, { description: confirmation.description });
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    },
    [],
  );

  return { copied, copy };
}
