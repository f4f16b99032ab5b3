/** The QR code settings: what the generator starts with, and the limits of its size field. */
/** Print-ready by default: 1024 px is about 8.7 cm at 300 dpi, sharp on a counter card or an A4 poster. */
export const QR_DEFAULT_SIZE = 1024;
export const QR_SIZE_MIN = 128;
export const QR_SIZE_MAX = 2048;
export const QR_DEFAULT_DARK = '#000000';
export const QR_DEFAULT_LIGHT = '#FFFFFF';
/** Quiet zone, in modules, around the generator's code and the creation dialog's mini code. */
export const QR_MARGIN = 2;
export const QR_MINI_SIZE = 120;
export const QR_MINI_MARGIN = 1;

/** The size typed in the generator as whole pixels, or null when it is outside QR_SIZE_MIN–QR_SIZE_MAX (never clamped). */
export function parseQrSize(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const size = Number(text);
  return size >= QR_SIZE_MIN && size <= QR_SIZE_MAX ? size : null;
}

export interface QrImageOptions {
  size: number;
  margin: number;
  dark: string;
  light: string;
}

/**
 * A PNG data URL of `text` as a QR code (error correction M). `qrcode` is loaded on first use,
 * so it never weighs on a page that shows no code.
 */
export async function qrCodeDataUrl(text: string, { size, margin, dark, light }: QrImageOptions): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { errorCorrectionLevel: 'M', type: 'image/png', width: size, margin, color: { dark, light } });
}
