import { useCallback } from 'react';
import { useCopyToClipboard } from '@web/hooks/use-copy-to-clipboard';
import { paymentLinksStrings } from '../payment-links-strings';

const strings = paymentLinksStrings.copy;

export interface CopyConfirmation {
  title: string;
  description: string;
}

/**
 * Copies a payment link and says so ('Copied!'); `copied` drives the button's check mark. Instagram has no
 * share URL, so its button copies with its own words.
 */
export function useCopyLink() {
  const { copied, copy } = useCopyToClipboard();
  const copyLink = useCallback(
    (url: string, confirmation: CopyConfirmation = { title: strings.copied, description: strings.copiedDetail }) =>
      copy(url, {
        copied: confirmation,
        failed: { title: paymentLinksStrings.errorTitle, description: strings.failed },
      }),
    [copy],
  );
  return { copied, copy: copyLink };
}
