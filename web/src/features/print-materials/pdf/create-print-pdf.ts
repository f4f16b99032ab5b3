/**
 * Makes the poster or table card PDF in the browser. Only ever loaded by a dynamic import when the
 * merchant asks for a download, so jsPDF, the fonts and the QR encoder stay out of every other chunk.
 *
 * jsPDF rather than pdf-lib: jsPDF is actively maintained (regular releases and security fixes), and on
 * its own it embeds a TrueType font as a subset, wraps text to a width, draws rounded shapes and places
 * PNGs. pdf-lib has not been released since 2021 and needs @pdf-lib/fontkit for any font beyond the 14
 * standard ones — whose WinAnsi encoding cannot print the macrons in names like 'Kāpiti' or 'Ōtaki'.
 */
import { createInterPdf } from '@web/lib/pdf/inter-pdf';
import { create as createQrCode, toDataURL } from 'qrcode';
import type { PrintMaterialContent, PrintMaterialKind } from '../print-material-content';
import { PRINT_QR_MARGIN_MODULES, printColours, printLayouts } from '../print-layouts';
import { printMaterialsStrings } from '../print-materials-strings';
import { drawPrintMaterial } from './draw-print-material';

/** The QR image's width in pixels: above 250 dpi at the poster's 115 mm, so every module prints sharp. */
const QR_TARGET_PIXELS = 1200;

export async function createPrintPdf(kind: PrintMaterialKind, content: PrintMaterialContent): Promise<Blob> {
  const layout = printLayouts[kind];
  const [doc, qrPng] = await Promise.all([
    createInterPdf([layout.pageWidthMm, layout.pageHeightMm], {
      title: printMaterialsStrings.material.documentTitle(kind, content.title),
      author: content.businessName,
      creator: printMaterialsStrings.material.poweredBy,
    }),
    qrCodePng(content.url),
  ]);
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
