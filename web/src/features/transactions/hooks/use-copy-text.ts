import { useCallback } from 'react';
import { toast } from 'sonner';
import { transactionsStrings } from '../transactions-strings';

const strings = transactionsStrings.copy;

/**
 * Copies a value from a payment's detail and says what was copied: 'Copied!' / 'Transaction ID copied to
 * clipboard' (the payment-link toast, adapted; docs/decisions.md #2).
 */
export function useCopyText() {
  return useCallback(async (value: string, what: string) => {
    try {
      await navigator.clipboard.writeText(value);
    } catch (error) {
      console.error(`Could not write the ${what} to the clipboard`, error);
      toast.error(transactionsStrings.errorTitle, { description: strings.failed });
      return;
    }
    toast.success(strings.copied, { description: strings.copiedDetail(what) });
  }, []);
}
