import { useCallback, useEffect, useRef, useState } from 'react';
import { downloadFile } from '@web/lib/download-file';
import { toast } from '@web/lib/toast';
import type { PaymentFiltersInput } from '@shared/contracts/payments';
import { formatIsoDay } from '@shared/format-date';
import type { PaymentSummary } from '@shared/contracts/payments';
import { CSV_BYTE_ORDER_MARK, transactionsCsv } from '@shared/transactions-csv';
import { ExportCancelledError, readAllTransactionPages } from '../api/transactions-api';
import { transactionsStrings } from '../transactions-strings';

const strings = transactionsStrings.exportCsv;

/**
 * 'Export CSV' (docs/decisions.md #20): every payment the filters match, all pages, as
 * `paylink-transactions-<yyyy-MM-dd>.csv` (today in the merchant's time zone). While it runs, `count`
 * says how many payments it has read; `cancel` stops it before the next page.
 */
export function useExportCsv(filters: PaymentFiltersInput | null, timeZone: string) {
  const [count, setCount] = useState<number | null>(null);
  const running = useRef<AbortController | null>(null);
  // Leaving the page stops an export in flight.
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(async () => {
    if (!filters || running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setCount(0);
    try {
      // Every page first: the header's question columns are the labels the whole export answered
      // (shared/transactions-csv.ts). The mark keeps Excel reading UTF-8.
      const payments: PaymentSummary[] = [];
      await readAllTransactionPages(filters, {
        signal: controller.signal,
        onPage: (page) => {
          payments.push(...page);
          setCount(payments.length);
        },
      });
      const exported = payments.length;
      const file = `paylink-transactions-${formatIsoDay(new Date(), timeZone)}.csv`;
      downloadFile(file, [CSV_BYTE_ORDER_MARK, transactionsCsv(payments, { timeZone })]);
      toast.success(strings.done, { description: strings.doneDetail(exported, file) });
    } catch (error) {
      if (error instanceof ExportCancelledError) {
        toast(strings.cancelled);
      } else {
        console.error('Could not export the transactions', error);
        toast.error(transactionsStrings.errorTitle, { description: strings.failed });
      }
    } finally {
      running.current = null;
      setCount(null);
    }
  }, [filters, timeZone]);

  const cancel = useCallback(() => running.current?.abort(), []);

  return { exporting: count !== null, count: count ?? 0, start, cancel };
}
