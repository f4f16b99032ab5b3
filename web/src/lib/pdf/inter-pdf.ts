/**
 * A jsPDF document with Inter (regular and bold) embedded, the start of every PDF Paylink draws in the
 * browser (the receipt, the fee statement, the print materials): the PDF standard fonts' WinAnsi
 * encoding cannot print the macrons in names like 'Kāpiti' or 'Ōtaki'. Imported only by modules that are
 * themselves loaded on a first download, so jsPDF and the fonts stay out of every other chunk.
 */
import interBoldUrl from '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf?url';
import interRegularUrl from '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf?url';
import { jsPDF } from 'jspdf';

/** The font family every page is drawn in, registered as 'normal' and 'bold'. */
export const PDF_FONT = 'Inter';

/** A4, or a page of its own size in millimetres (a poster, a table card). */
export type PdfPageFormat = 'a4' | [widthMm: number, heightMm: number];

export async function createInterPdf(
  format: PdfPageFormat,
  properties: { title: string; author: string; creator?: string },
): Promise<jsPDF> {
  const [regular, bold] = await Promise.all([fontFile(interRegularUrl), fontFile(interBoldUrl)]);
  const doc = new jsPDF({ unit: 'mm', format, orientation: 'portrait', compress: true });
  doc.addFileToVFS('Inter-Regular.ttf', regular);
  doc.addFont('Inter-Regular.ttf', PDF_FONT, 'normal');
  doc.addFileToVFS('Inter-Bold.ttf', bold);
  doc.addFont('Inter-Bold.ttf', PDF_FONT, 'bold');
  doc.setProperties(properties);
  doc.setLanguage('en-NZ');
  return doc;
}

/** A font file as the binary string jsPDF's virtual file system keeps. */
async function fontFile(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the PDF font did not load (${response.status})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return binary;
}
