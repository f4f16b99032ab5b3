/**
 * Reads a QR code from a camera frame or a picture. The browser's own BarcodeDetector where it has one (fast,
 * native: Chrome on Android and macOS, Safari); elsewhere (Firefox, Chrome on Linux and Windows) jsQR, a small
 * dependency-free decoder, loaded only then.
 */

/** The slice of the Shape Detection API used here (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(image: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorConstructor {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

export type QrSource = HTMLVideoElement | ImageBitmap;
export type QrDecoder = (source: QrSource) => Promise<string | null>;

/** Pictures are scaled to this many pixels on their long side for jsQR: phone photos decode in milliseconds. */
const MAX_DECODE_SIDE = 1024;

function sizeOf(source: QrSource): { width: number; height: number } {
  return source instanceof HTMLVideoElement
    ? { width: source.videoWidth, height: source.videoHeight }
    : { width: source.width, height: source.height };
}

async function nativeDecoder(): Promise<QrDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (source) => (await detector.detect(source))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function jsQrDecoder(): Promise<QrDecoder> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser cannot read images.');
  return async (source) => {
    const { width, height } = sizeOf(source);
    if (width === 0 || height === 0) return null;
    const scale = Math.min(1, MAX_DECODE_SIDE / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(data, canvas.width, canvas.height)?.data ?? null;
  };
}

let decoder: Promise<QrDecoder> | undefined;

export function qrDecoder(): Promise<QrDecoder> {
  decoder ??= nativeDecoder().then((native) => native ?? jsQrDecoder());
  decoder.catch(() => (decoder = undefined));
  return decoder;
}
