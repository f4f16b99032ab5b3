/** Money reaches the browser as integer minor units; this is the only place it becomes text (en-NZ). */
export function formatMoney(minorUnits: number, currency: string, options: { wholeUnits?: boolean } = {}): string {
  const fractionDigits = options.wholeUnits && minorUnits % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat('en-NZ', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(minorUnits / 100);
}

/** 50 basis points → "0.5%". */
export function formatBasisPoints(basisPoints: number): string {
  return `${new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 2 }).format(basisPoints / 100)}%`;
}
