import { numberFormat } from '@shared/intl-formats';

/** Money reaches the browser as integer minor units; shared/money.ts turns it into en-NZ text for screens and emails alike. */
export { formatMoney } from '@shared/money';

/** 50 basis points → "0.5%". */
export function formatBasisPoints(basisPoints: number): string {
  return `${numberFormat('en-NZ', { maximumFractionDigits: 2 }).format(basisPoints / 100)}%`;
}
