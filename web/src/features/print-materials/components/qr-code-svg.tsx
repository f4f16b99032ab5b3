import { create as createQrCode } from 'qrcode';
import { useMemo, type ComponentProps } from 'react';
import { PRINT_QR_MARGIN_MODULES, printColours } from '../print-layouts';

/**
 * The link's QR code as one SVG path (error correction M, the same code the PDF prints), sharp at any
 * preview size. It scales to its box: give it a height or a width.
 */
export function QrCodeSvg({ value, label, ...props }: { value: string; label: string } & ComponentProps<'svg'>) {
  const { size, path } = useMemo(() => qrCodePath(value), [value]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" {...props}>
      <rect width={size} height={size} fill={printColours.qrLight} />
      <path d={path} fill={printColours.qrDark} />
    </svg>
  );
}

function qrCodePath(value: string): { size: number; path: string } {
  const { modules } = createQrCode(value, { errorCorrectionLevel: 'M' });
  const margin = PRINT_QR_MARGIN_MODULES;
  const commands: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) commands.push(`M${column + margin} ${row + margin}h1v1h-1z`);
    }
  }
  return { size: modules.size + 2 * margin, path: commands.join('') };
}
