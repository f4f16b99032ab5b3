/**
 * Makes the poster or table card PDF in the browser. Only ever loaded by a dynamic import when the
 * merchant asks for a download, so jsPDF, the fonts and the QR encoder stay out of every other chunk.
 *
 * jsPDF rather than pdf-lib: jsPDF is actively maintained (regular releases and security fixes), and on
 * its own it embeds a TrueType font as a subset, wraps text to a width, draws rounded shapes and places
 * PNGs. pdf-lib has not been released since 2021 and needs @pdf-lib/fontkit for any font beyond the 14
 * standard ones — whose WinAnsi encoding cannot print the macrons in names like 'Kāpiti' or 'Ōtaki'.
 */
import interBoldUrl from '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf?url';
import interRegularUrl from '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf?url';
import { jsPDF } from 'jspdf';
import { create as createQrCode, toDataURL } from 'qrcode';
import type { PrintMaterialContent, PrintMaterialKind } from '../print-material-content';
import { PRINT_QR_MARGIN_MODULES, printColours, printLayouts } from '../print-layouts';
import { printMaterialsStrings } from '../print-materials-strings';
import { drawPrintMaterial, PRINT_FONT } from './draw-print-material';

/** The QR image's width in pixels: above 250 dpi at the poster's 115 mm, so every module prints sharp. */
const QR_TARGET_PIXELS = 1200;

export async function createPrintPdf(kind: PrintMaterialKind, content: PrintMaterialContent): Promise<Blob> {
  const layout = printLayouts[kind];
  const [regular, bold, qrPng] = await Promise.all([
    fontFile(interRegularUrl),
    fontFile(interBoldUrl),
    qrCodePng(content.url),
  ]);

  const doc = new jsPDF({
    unit: 'mm',
    format: [layout.pageWidthMm, layout.pageHeightMm],
    orientation: 'portrait',
    compress: true,
  });
  doc.addFileToVFS('Inter-Regular.ttf', regular);
  doc.addFont('Inter-Regular.ttf', PRINT_FONT, 'normal');
  doc.addFileToVFS('Inter-Bold.ttf', bold);
  doc.addFont('Inter-Bold.ttf', PRINT_FONT, 'bold');
  doc.setProperties({
    title: printMaterialsStrings.material.documentTitle(kind, content.title),
    author: content.businessName,
    creator: printMaterialsStrings.material.poweredBy,
  });
  doc.setLanguage('en-NZ');

  drawPrintMaterial(doc, layout, content, qrPng);
  return doc.output('blob');
}

/**
 * The link as a black-on-white PNG QR code (error correction M) with a whole number of pixels
 * per module, so no module is blurred by rounding when it is scaled onto the page.
 */
export async function qrCodePng(url: string): Promise<string> {
  const modules = createQrCode(url, { errorCorrectionLevel: 'M' }).modules.size;
  const scale = Math.ceil(QR_TARGET_PIXELS / (modules + 2 * PRINT_QR_MARGIN_MODULES));
  return toDataURL(url, {
    errorCorrectionLevel: 'M',
    type: 'image/png',
    margin: PRINT_QR_MARGIN_MODULES,
    scale,
    color: { dark: printColours.qrDark, light: printColours.qrLight },
  });
}

/** A font file as the binary string jsPDF's virtual file system keeps. */
async function fontFile(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the print font did not load (${response.status})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return binary;
}
