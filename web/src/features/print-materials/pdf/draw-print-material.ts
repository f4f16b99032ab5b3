/**
 * Draws a poster or a table card onto a jsPDF page, top to bottom: the brand band, business name, link
 * title and amount; 'Scan to pay' with the QR code and the address under it; the accepted cards and
 * the footer along the bottom. The QR block is centred in whatever height the text above and below
 * leaves, so a long title shrinks the code a little rather than pushing anything off the page.
 */
import type { jsPDF } from 'jspdf';
import { PDF_FONT } from '@web/lib/pdf/inter-pdf';
import type { PrintMaterialContent } from '../print-material-content';
import { MM_PER_PT, printColours, type PrintLayout } from '../print-layouts';
import { printMaterialsStrings } from '../print-materials-strings';

const words = printMaterialsStrings.material;

const LINE_HEIGHT = 1.2;

type Weight = 'normal' | 'bold';

interface TextBlock {
  lines: string[];
  sizePt: number;
  weight: Weight;
  colour: string;
}

export function drawPrintMaterial(
  doc: jsPDF,
  layout: PrintLayout,
  content: PrintMaterialContent,
  /** The QR code as a PNG (data URL or bytes) that includes its own quiet zone. */
  qrPng: string | Uint8Array,
): void {
  const width = layout.pageWidthMm;
  const height = layout.pageHeightMm;
  const contentWidth = width - 2 * layout.marginMm;
  const gap = layout.gapMm;
  const centre = width / 2;

  doc.setFillColor(printColours.brand);
  doc.rect(0, 0, width, layout.accentBarMm, 'F');

  // Top: who, what, how much.
  const business = fitText(doc, content.businessName, {
    weight: 'normal',
    maxPt: layout.businessNamePt,
    minPt: layout.businessNamePt * 0.8,
    maxLines: 2,
    width: contentWidth,
  });
  const title = fitText(doc, content.title, {
    weight: 'bold',
    maxPt: layout.titleMaxPt,
    minPt: layout.titleMinPt,
    maxLines: layout.titleMaxLines,
    width: contentWidth,
  });
  const isAnyAmount = content.amountText === words.payAnyAmount;
  const amountPt = isAnyAmount ? layout.anyAmountPt : layout.amountPt;
  const amount = fitText(doc, content.amountText, {
    weight: 'bold',
    maxPt: amountPt,
    minPt: amountPt * 0.5,
    maxLines: 1,
    width: contentWidth,
  });

  let y = layout.accentBarMm + layout.marginMm;
  y = drawBlock(doc, { ...business, colour: printColours.muted }, centre, y) + gap * 0.5;
  y = drawBlock(doc, { ...title, colour: printColours.text }, centre, y) + gap * 0.75;
  y = drawBlock(doc, { ...amount, colour: isAnyAmount ? printColours.muted : printColours.text }, centre, y);
  const topEnd = y + gap;

  // Bottom, laid from the page's foot upwards: footer, card badges, 'We accept'.
  const footerTop = height - layout.marginMm * 0.75 - blockHeight(1, layout.footerPt);
  const badges = layoutBadges(doc, words.cardBrands, layout.badgePt, contentWidth);
  const badgesTop = footerTop - gap * 1.5 - badges.height;
  const weAcceptTop = badgesTop - gap * 0.5 - blockHeight(1, layout.weAcceptPt);
  drawBlock(doc, textLine(words.weAccept, layout.weAcceptPt, 'normal', printColours.muted), centre, weAcceptTop);
  drawBadges(doc, badges, centre, badgesTop, layout.badgePt);
  drawBlock(doc, textLine(words.poweredBy, layout.footerPt, 'normal', printColours.muted), centre, footerTop);
  const bottomStart = weAcceptTop - gap;

  // Middle: 'Scan to pay', the code, and the address for anyone who cannot scan.
  const url = fitText(doc, content.displayUrl, {
    weight: 'bold',
    maxPt: layout.urlPt,
    minPt: layout.urlPt * 0.6,
    maxLines: 1,
    width: contentWidth,
  });
  const textAbove = blockHeight(1, layout.scanPt) + gap * 0.25 + blockHeight(1, layout.scanHintPt) + gap;
  const textBelow = gap + blockHeight(1, layout.cantScanPt) + gap * 0.25 + blockHeight(1, url.sizePt);
  const available = bottomStart - topEnd;
  const qrSize = Math.max(0, Math.min(layout.qrMaxMm, available - textAbove - textBelow));
  y = topEnd + Math.max(0, (available - textAbove - qrSize - textBelow) / 2);

  y = drawBlock(doc, textLine(words.scanToPay, layout.scanPt, 'bold', printColours.brand), centre, y) + gap * 0.25;
  y = drawBlock(doc, textLine(words.scanHint, layout.scanHintPt, 'normal', printColours.muted), centre, y) + gap;
  // The PNG carries its own white quiet zone; the hairline frame shows where the code ends.
  doc.addImage(qrPng, 'PNG', centre - qrSize / 2, y, qrSize, qrSize, undefined, 'FAST');
  doc.setDrawColor(printColours.border);
  doc.setLineWidth(layout.pageWidthMm / 700);
  doc.roundedRect(centre - qrSize / 2, y, qrSize, qrSize, qrSize / 40, qrSize / 40, 'S');
  y += qrSize + gap;
  y = drawBlock(doc, textLine(words.cantScan, layout.cantScanPt, 'normal', printColours.muted), centre, y);
  drawBlock(doc, { ...url, colour: printColours.text }, centre, y + gap * 0.25);
}

function textLine(text: string, sizePt: number, weight: Weight, colour: string): TextBlock {
  return { lines: [text], sizePt, weight, colour };
}

function blockHeight(lineCount: number, sizePt: number): number {
  return lineCount * sizePt * MM_PER_PT * LINE_HEIGHT;
}

/** Draws centred lines from `top`; answers where the block ends. */
function drawBlock(doc: jsPDF, block: TextBlock, centreX: number, top: number): number {
  const lineHeight = block.sizePt * MM_PER_PT * LINE_HEIGHT;
  setFont(doc, block.weight, block.sizePt);
  doc.setTextColor(block.colour);
  block.lines.forEach((line, index) => {
    // Each line's em box sits centred in its line box, so 'middle' places the text where CSS would.
    doc.text(line, centreX, top + lineHeight * (index + 0.5), { align: 'center', baseline: 'middle' });
  });
  return top + lineHeight * block.lines.length;
}

function setFont(doc: jsPDF, weight: Weight, sizePt: number) {
  doc.setFont(PDF_FONT, weight);
  doc.setFontSize(sizePt);
}

/**
 * The largest size from maxPt down to minPt at which `text` wraps into maxLines; at minPt, whatever
 * does not fit ends in an ellipsis (titles and names are capped in length, but not in word length).
 */
function fitText(
  doc: jsPDF,
  text: string,
  options: { weight: Weight; maxPt: number; minPt: number; maxLines: number; width: number },
): Omit<TextBlock, 'colour'> {
  const { weight, maxPt, minPt, maxLines, width } = options;
  const clean = text.replace(/\s+/g, ' ').trim();
  for (let sizePt = maxPt; sizePt >= minPt; sizePt -= 1) {
    const lines = wrap(doc, clean, weight, sizePt, width);
    if (lines.length <= maxLines) return { lines, sizePt, weight };
  }
  const lines = wrap(doc, clean, weight, minPt, width);
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]!} ${lines.slice(maxLines).join(' ')}`;
  while (last.length > 1 && doc.getTextWidth(`${last}…`) > width) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return { lines: kept, sizePt: minPt, weight };
}

function wrap(doc: jsPDF, text: string, weight: Weight, sizePt: number, width: number): string[] {
  setFont(doc, weight, sizePt);
  return (doc.splitTextToSize(text, width) as string[]).map((line) => line.trim());
}

interface BadgeLayout {
  rows: { label: string; width: number }[][];
  badgeHeight: number;
  rowGap: number;
  itemGap: number;
  height: number;
}

/** The card brands as outlined text badges, in as few centred rows as the width allows. */
function layoutBadges(doc: jsPDF, labels: readonly string[], sizePt: number, maxWidth: number): BadgeLayout {
  const sizeMm = sizePt * MM_PER_PT;
  const paddingX = sizeMm * 0.9;
  const itemGap = sizeMm * 0.6;
  const badgeHeight = sizeMm * 2.1;
  const rowGap = sizeMm * 0.6;
  setFont(doc, 'bold', sizePt);
  const rows: BadgeLayout['rows'] = [[]];
  let rowWidth = 0;
  for (const label of labels) {
    const badgeWidth = doc.getTextWidth(label) + 2 * paddingX;
    const row = rows[rows.length - 1]!;
    const widthWithBadge = rowWidth + (row.length ? itemGap : 0) + badgeWidth;
    if (row.length && widthWithBadge > maxWidth) {
      rows.push([{ label, width: badgeWidth }]);
      rowWidth = badgeWidth;
    } else {
      row.push({ label, width: badgeWidth });
      rowWidth = widthWithBadge;
    }
  }
  const height = rows.length * badgeHeight + (rows.length - 1) * rowGap;
  return { rows, badgeHeight, rowGap, itemGap, height };
}

function drawBadges(doc: jsPDF, badges: BadgeLayout, centreX: number, top: number, sizePt: number) {
  setFont(doc, 'bold', sizePt);
  doc.setDrawColor(printColours.border);
  doc.setLineWidth(sizePt * MM_PER_PT * 0.06);
  badges.rows.forEach((row, rowIndex) => {
    const rowWidth = row.reduce((sum, badge) => sum + badge.width, 0) + (row.length - 1) * badges.itemGap;
    const y = top + rowIndex * (badges.badgeHeight + badges.rowGap);
    let x = centreX - rowWidth / 2;
    for (const badge of row) {
      const radius = badges.badgeHeight / 2;
      // Text colour is the PDF's fill colour too, so both are set for every badge.
      doc.setFillColor(printColours.badgeFill);
      doc.roundedRect(x, y, badge.width, badges.badgeHeight, radius, radius, 'FD');
      doc.setTextColor(printColours.text);
      doc.text(badge.label, x + badge.width / 2, y + badges.badgeHeight / 2, { align: 'center', baseline: 'middle' });
      x += badge.width + badges.itemGap;
    }
  });
}
