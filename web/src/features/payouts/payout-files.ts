/**
 * Xero files from payouts, handed to the browser to save. No byte-order mark: Xero reads UTF-8 as it is,
 * and a mark could reach it as part of the first header's name.
 */
import type { PayoutLine } from '@shared/contracts/payouts';
import { xeroBankStatementCsv, xeroPrecodedCsv, type XeroCsvOptions } from '@shared/xero-csv';

export type XeroFileKind = 'statement' | 'precoded';

export function downloadXeroCsv(
  name: string,
  kind: XeroFileKind,
  lines: readonly PayoutLine[],
  options: XeroCsvOptions,
) {
  const text = kind === 'statement' ? xeroBankStatementCsv(lines, options) : xeroPrecodedCsv(lines, options);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}${kind === 'precoded' ? '-precoded' : ''}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL only has to outlive this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
