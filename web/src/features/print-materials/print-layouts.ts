/**
 * The poster's and the table card's proportions: page size, margins, type sizes (pt) and the QR code's
 * largest size (mm). The PDF is drawn from these, and the on-screen preview scales the same numbers, so
 * what the merchant sees is what prints.
 */
import type { PrintMaterialKind } from './print-material-content';

export interface PrintLayout {
  pageWidthMm: number;
  pageHeightMm: number;
  marginMm: number;
  /** The thin band of brand colour across the top edge. */
  accentBarMm: number;
  /** The vertical rhythm between blocks. */
  gapMm: number;
  businessNamePt: number;
  titleMaxPt: number;
  titleMinPt: number;
  titleMaxLines: number;
  amountPt: number;
  anyAmountPt: number;
  scanPt: number;
  scanHintPt: number;
  qrMaxMm: number;
  cantScanPt: number;
  urlPt: number;
  weAcceptPt: number;
  badgePt: number;
  footerPt: number;
}

export const printLayouts: Record<PrintMaterialKind, PrintLayout> = {
  // A4 portrait: read from a few metres away, so the QR code is large (ISO 216: 210 × 297 mm).
  poster: {
    pageWidthMm: 210,
    pageHeightMm: 297,
    marginMm: 18,
    accentBarMm: 6,
    gapMm: 6,
    businessNamePt: 16,
    titleMaxPt: 40,
    titleMinPt: 24,
    titleMaxLines: 3,
    amountPt: 46,
    anyAmountPt: 30,
    scanPt: 26,
    scanHintPt: 12,
    qrMaxMm: 115,
    cantScanPt: 11,
    urlPt: 14,
    weAcceptPt: 11,
    badgePt: 11,
    footerPt: 9,
  },
  // A6 portrait: read at arm's length on a counter or table (105 × 148 mm).
  'table-card': {
    pageWidthMm: 105,
    pageHeightMm: 148,
    marginMm: 8,
    accentBarMm: 3,
    gapMm: 3,
    businessNamePt: 9,
    titleMaxPt: 18,
    titleMinPt: 11,
    titleMaxLines: 2,
    amountPt: 22,
    anyAmountPt: 15,
    scanPt: 13,
    scanHintPt: 6.5,
    qrMaxMm: 56,
    cantScanPt: 6,
    urlPt: 7.5,
    weAcceptPt: 6,
    badgePt: 6,
    footerPt: 5,
  },
};

/**
 * Paylink's palette (web/src/styles.css) for paper, where no CSS applies: the brand teal only for the top
 * band and 'Scan to pay'; everything else neutral, and the QR code plain black on white for any scanner.
 */
export const printColours = {
  brand: '#0f766e',
  text: '#18181b',
  muted: '#52525b',
  border: '#d4d4d8',
  badgeFill: '#f4f4f5',
  qrDark: '#000000',
  qrLight: '#ffffff',
} as const;

/** Quiet zone around the printed code, in modules: the 4 that ISO/IEC 18004 asks for on paper. */
export const PRINT_QR_MARGIN_MODULES = 4;

export const MM_PER_PT = 25.4 / 72;
